import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { localeText } from '../e2e/support/account-stack';
import { compiledFlows } from '../e2e/support/compiled-flows';
import { becomeVisitorOf, realisticAnswers, walk } from '../e2e/support/funnel-walker';

/**
 * Photographs every step of the flows named in SCREENSHOT_FLOWS (default: the default flow) on a phone
 * and on a desktop, in one walk per flow: at each step the page is shot at the phone size, resized to
 * the desktop size and shot again. Files: docs/screens/<flow>/<phone|desktop>/<nn>-<step>.png
 * (SCREENSHOTS_DIR instead of docs/screens, e.g. to look at v2 without committing it). The consent
 * notice shows on the first step (the screenshot stack knows no country, so it asks) and is accepted there.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

const { flows } = compiledFlows();
const wanted = (process.env.SCREENSHOT_FLOWS ?? 'default').split(',').map((name) => name.trim());

for (const flowId of wanted) {
  test(`screenshots of the ${flowId} flow`, async ({ page, context, baseURL }) => {
    const flow = flows.get(flowId);
    if (flow === undefined) throw new Error(`no flow "${flowId}" (known: ${[...flows.keys()].join(', ')})`);
    const dir = `${process.env.SCREENSHOTS_DIR ?? `${root}docs/screens`}/${flow.id}`;
    rmSync(dir, { recursive: true, force: true });
    for (const name of Object.keys(viewports)) mkdirSync(`${dir}/${name}`, { recursive: true });
    await becomeVisitorOf(context, baseURL ?? '', flow.id);
    await page.setViewportSize(viewports.phone);
    await page.goto(`${flow.basePath}?lng=en`);
    let index = 0;
    await walk(page, flow, { ...realisticAnswers, email: `screens-${Date.now()}@example.com` }, {
      onStep: async (step) => {
        index += 1;
        const name = `${String(index).padStart(2, '0')}-${step.id}.png`;
        // The consent notice is on the first step's pictures, as a new visitor meets it (it appears once
        // the step has painted); then the visitor accepts, so the other steps show as they are afterwards.
        const accept = page.getByRole('region', { name: localeText('en', 'consent', 'title') }).getByRole('button', { name: localeText('en', 'consent', 'accept') });
        if (index === 1) await expect(accept).toBeVisible();
        for (const [viewport, size] of Object.entries(viewports)) {
          await page.setViewportSize(size);
          await settled(page);
          await page.screenshot({ path: `${dir}/${viewport}/${name}` });
        }
        await page.setViewportSize(viewports.phone);
        if (index === 1) {
          await accept.click();
          await expect(accept).toBeHidden();
        }
      },
    });
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
