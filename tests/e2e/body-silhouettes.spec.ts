import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from '../a11y/axe-report';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

/**
 * bodyShape and bodyGoal show drawn body silhouettes (scripts/art/bodies.ts via `npm run art`) of the
 * stored gender, on a phone. The picture is decoration: each option's name is its label, read once.
 */

test.use({ viewport: { width: 390, height: 844 } });

const flow = flowById('default');

/** Each option button's accessible name and its picture's file and alt text. */
async function shownOptions(page: Page, count: number): Promise<{ name: string; src: string; alt: string | null }[]> {
  const buttons = page.locator('.choice');
  // The step's own options only: read while the previous step's were still leaving, a list of buttons
  // loses one under the reader (it failed that way in CI).
  await expect(buttons).toHaveCount(count);
  const shown: { name: string; src: string; alt: string | null }[] = [];
  for (const button of await buttons.all()) {
    const image = button.locator('img');
    shown.push({
      name: (await button.getAttribute('aria-label')) ?? (await button.innerText()).trim(),
      src: new URL((await image.evaluate((node: HTMLImageElement) => node.currentSrc)) || '', page.url()).pathname.replace(/-\d+\.png$/, ''),
      alt: await image.getAttribute('alt'),
    });
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);
  }
  return shown;
}

for (const gender of ['female', 'male'] as const) {
  test(`${gender}: body shapes and goals as ${gender} silhouettes, named by their labels`, async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding');
    const answers = { ...realisticAnswers, choices: { ...realisticAnswers.choices, gender } };
    await walk(page, flow, answers, { until: 'bodyShape' });
    expect(await shownOptions(page, 4)).toEqual(
      [['slender', 'Slender'], ['medium', 'Medium'], ['chubby', 'Chubby'], ['plus-sized', 'Plus-sized']].map(([value, name]) => ({ name, src: `/icons/body-${gender}-${value}`, alt: '' })),
    );
    // The picture adds nothing to the name: the button is announced by its label alone.
    await expect(page.getByRole('button', { name: 'Plus-sized', exact: true })).toBeVisible();
    expect((await axeFindings(page, `bodyShape ${gender}`)).blocking).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`body-shape-${gender}.png`) });

    await walk(page, flow, answers, { from: flow.steps.findIndex((step) => step.id === 'bodyShape'), until: 'bodyGoal' });
    expect(await shownOptions(page, 4)).toEqual(
      [['few-sizes-smaller', 'A few sizes smaller'], ['athletic', 'Athletic'], ['shredded', 'Shredded'], ['swole', 'Swole']].map(([value, name]) => ({ name, src: `/icons/body-${gender}-${value}`, alt: '' })),
    );
    await page.screenshot({ path: test.info().outputPath(`body-goal-${gender}.png`) });
    expect(pathOf(page)).toBe('/onboarding/bodyGoal');
  });
}

test('Arabic: the silhouettes mirror with the tiles, axe clean', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  await walk(page, flow, { ...realisticAnswers, choices: { ...realisticAnswers.choices, gender: 'male' } }, { until: 'bodyGoal' });
  await page.goto('/onboarding/bodyGoal?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.choice img').first()).toHaveAttribute('src', '/icons/body-male-few-sizes-smaller-84.png');
  expect((await axeFindings(page, 'bodyGoal ar')).blocking).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('body-goal-ar.png') });
});
