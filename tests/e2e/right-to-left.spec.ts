import { expect, test, type Locator } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

/** Where the text of an element starts and ends, against the element's own box (px from each edge). */
async function textInsets(element: Locator): Promise<{ start: number; end: number }> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const box = node.getBoundingClientRect();
    // In right-to-left the start is the right edge.
    return { start: box.right - text.right, end: text.left - box.left };
  });
}

// A phone: visitors come from ads.
test.use({ viewport: { width: 390, height: 844 } });

test('Arabic mirrors the option text alignment and the unit toggle order', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding/gender?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Gender's options are centred tiles; the next step lists its options, text from the reading start.
  await page.locator('.choice').first().click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  await page.locator('.primary-button').click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  const option = page.locator('.choice__label').first();
  await expect(option).toBeVisible();
  const insets = await textInsets(option);
  // The label starts at the right (reading start): no gap there, the free space at the left.
  expect(insets.start).toBeLessThan(2);
  expect(insets.end).toBeGreaterThan(20);

  // The toggle needs the answers before height; they are walked in English, then the step is shown in Arabic.
  await page.goto('/onboarding/gender?lng=en');
  await walk(page, flowById('default'), realisticAnswers, { until: 'height' });
  await page.goto('/onboarding/height?lng=ar');
  await expect.poll(() => pathOf(page)).toBe('/onboarding/height');
  const [first, last] = [page.locator('.unit-toggle__option span').first(), page.locator('.unit-toggle__option span').last()];
  await expect(first).toBeVisible();
  // The first unit sits at the right in Arabic (the segmented control follows the reading direction).
  const [firstBox, lastBox] = [await first.boundingBox(), await last.boundingBox()];
  expect(firstBox?.x ?? 0).toBeGreaterThan(lastBox?.x ?? 0);
});
