import { expect, test, type Locator, type Page } from '@playwright/test';
import { becomeVisitorOf, pathOf } from './support/funnel-walker';
import { startSignedIn } from './support/signed-in-session';

/**
 * The app's claims about itself (config/social-proof.yaml) read the same on every screen that shows
 * them: the company step's rating is the stores' (the plans page shows each store's), the awards are
 * worded identically, and both name the same number of people.
 */

/** The rating a star row announces ("Rated 4.5 out of 5 stars" -> 4.5). */
async function announcedRatings(stars: Locator): Promise<number[]> {
  const labels = await stars.evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  return labels.map((label) => Number(/Rated ([\d.]+) out of 5/.exec(label)?.[1]));
}

/** Each award badge's text, store first ("App Store App of the Day 2023"). */
function awardTexts(page: Page): Promise<string[]> {
  return page.locator('.award-badge__text').evaluateAll((badges) => badges.map((badge) => Array.from(badge.children, (part) => part.textContent).join(' ')));
}

/** The first whole number of at least four digits in a text, grouping separators removed. */
const countIn = (text: string): number => Number(/\d{1,3}(?:,\d{3})+|\d{4,}/.exec(text)?.[0].replaceAll(',', ''));

test('the company step and the plans page show one rating, the same awards in the same words, and the same subscriber count', async ({ page, context, request, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Male', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  const companyStars = page.getByRole('img', { name: /^Rated .* out of 5 stars$/ });
  await expect(companyStars).toHaveCount(1);
  const [companyRating] = await announcedRatings(companyStars);
  await expect(page.locator('.company__score')).toHaveText(String(companyRating));
  const companyAwards = await awardTexts(page);
  const companySubscribers = countIn(await page.locator('.company__subscribers').innerText());

  await startSignedIn(page, request, 'social-proof');
  await page.goto('/checkout/plans');
  const proof = page.getByRole('region', { name: 'Loved by people like you' });
  await expect(proof).toBeVisible();
  const storeRatings = await announcedRatings(proof.getByRole('img', { name: /^Rated .* out of 5 stars$/ }));
  expect(storeRatings).toHaveLength(2);

  // The stores' combined rating lies between theirs: never above the best store's.
  expect(companyRating).toBeGreaterThanOrEqual(Math.min(...storeRatings));
  expect(companyRating).toBeLessThanOrEqual(Math.max(...storeRatings));
  expect(companyAwards).toEqual(['App Store App of the Day 2023', "Google Play Editors' Choice 2023"]);
  expect(await awardTexts(page)).toEqual(companyAwards);
  expect(countIn(await proof.locator('.plans-proof__users').innerText())).toBe(companySubscribers);
});
