import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { localeText } from '../e2e/support/account-stack';
import { compiledFlows } from '../e2e/support/compiled-flows';
import { becomeVisitorOf, realisticAnswers, walk } from '../e2e/support/funnel-walker';

/**
 * Photographs every step of the flows named in SCREENSHOT_FLOWS (default: default and v2) on a phone
 * and on a desktop, in one walk per flow: at each step the page is shot at the phone size, resized to
 * the desktop size and shot again. A flow that leaves for the sign-up pages goes on through them to the
 * plans page (with the personal plan). A flow with gendered images is walked as a woman and again as a
 * man (<flow>-male). Files: docs/screens/<flow>/<phone|desktop>/<nn>-<step>.png (SCREENSHOTS_DIR
 * instead of docs/screens, to look without committing). The consent notice shows on the first step
 * (the screenshot stack knows no country, so it asks) and is accepted there.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const sizes = {
  phone: { width: 390, height: 844 },
  'small-phone': { width: 360, height: 640 },
  desktop: { width: 1440, height: 900 },
} as const;
/** SCREENSHOT_SIZES picks among them (default: phone and desktop, the committed pictures). */
const viewports = Object.fromEntries(
  (process.env.SCREENSHOT_SIZES ?? 'phone,desktop').split(',').map((name) => {
    const size = Object.entries(sizes).find(([known]) => known === name.trim())?.[1];
    if (size === undefined) throw new Error(`no screenshot size "${name}" (known: ${Object.keys(sizes).join(', ')})`);
    return [name.trim(), size];
  }),
);

const { flows } = compiledFlows();
const wanted = (process.env.SCREENSHOT_FLOWS ?? 'default,v2').split(',').map((name) => name.trim());
const walks = wanted.flatMap((flowId) => {
  const flow = flows.get(flowId);
  if (flow === undefined) throw new Error(`no flow "${flowId}" (known: ${[...flows.keys()].join(', ')})`);
  // A flow whose images depend on the gender is photographed for both, so the two can be compared.
  const gendered = flow.steps.some((step) => step.background !== undefined && 'male' in step.background);
  return gendered ? [{ flow, gender: 'female', folder: flow.id }, { flow, gender: 'male', folder: `${flow.id}-male` }] : [{ flow, gender: 'female', folder: flow.id }];
});

for (const { flow, gender, folder } of walks) {
  test(`screenshots of the ${folder} flow`, async ({ page, context, baseURL }) => {
    const dir = `${process.env.SCREENSHOTS_DIR ?? `${root}docs/screens`}/${folder}`;
    rmSync(dir, { recursive: true, force: true });
    for (const name of Object.keys(viewports)) mkdirSync(`${dir}/${name}`, { recursive: true });
    await becomeVisitorOf(context, baseURL ?? '', flow.id);
    await page.setViewportSize(sizes.phone);
    await page.goto(`${flow.basePath}?lng=en`);
    let index = 0;
    /** The page at both sizes, as <nn>-<name>.png; back at the phone size afterwards. */
    const shoot = async (name: string): Promise<void> => {
      index += 1;
      const file = `${String(index).padStart(2, '0')}-${name}.png`;
      // The mouse left where the last click was would show a hover look a phone never has.
      await page.mouse.move(0, 0);
      for (const [viewport, size] of Object.entries(viewports)) {
        await page.setViewportSize(size);
        await settled(page);
        await page.screenshot({ path: `${dir}/${viewport}/${file}`, fullPage: name === 'plans' });
      }
      await page.setViewportSize(sizes.phone);
    };
    const email = `screens-${Date.now()}@example.com`;
    await walk(page, flow, { ...realisticAnswers, choices: { ...realisticAnswers.choices, gender }, email }, {
      onStep: async (step) => {
        // The consent notice is on the first step's pictures, as a new visitor meets it (it appears once
        // the step has painted); then the visitor accepts, so the other steps show as they are afterwards.
        const accept = page.getByRole('region', { name: localeText('en', 'consent', 'title') }).getByRole('button', { name: localeText('en', 'consent', 'accept') });
        if (index === 0) await expect(accept).toBeVisible();
        await shoot(step.id);
        if (index === 1) {
          await accept.click();
          await expect(accept).toBeHidden();
        }
      },
    });
    // A flow that leaves for the sign-up pages: those, then the plans page with the personal plan (whole page).
    if (flow.exit === '/sign-up/password') {
      await shoot('password');
      await page.getByLabel(localeText('en', 'signup', 'password.heading')).fill('screens-password');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-up/email');
      await page.getByRole('textbox', { name: localeText('en', 'signup', 'email.heading') }).fill(email);
      await shoot('email');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/checkout/plans');
      await expect(page.getByText(/kcal/).first()).toBeVisible();
      await shoot('plans');
    }
  });
}

/** Fonts loaded, images decoded, no transition running: what a visitor sees once the step has settled. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].every((image) => image.complete) &&
        document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      ),
    )
    .toBe(true);
}
