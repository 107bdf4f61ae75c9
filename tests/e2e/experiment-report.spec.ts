import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { experimentCountsSchema, type ExperimentCounts } from '../../engine/experiments/experiment-counts';
import { rememberedVariantKey } from '../../services/flags/resolve-funnel-flow';
import { uniqueEmail } from './support/account-stack';
import { compiledFlows, flowById, visitorIdFor } from './support/compiled-flows';
import { pathOf, realisticAnswers, walk } from './support/funnel-walker';
import { completionTimeoutMs, fillCard, pay, paymentFrame } from './support/payment-page';

/**
 * Issue 29's proof on the real stack: two visitors, each assigned by the flag to another variant, walk the
 * funnel in chromium (the real lookup, so the browser sends the exposure), sign up, choose a plan and pay
 * with a test card; the experiment report then counts each of them, exposed, signed up and paid, in
 * their variant. Their money reaches the report through the Stripe webhook, never from the page.
 */
const experimentId = 'cc-feedback-redesign';

async function countsNow(request: APIRequestContext): Promise<ExperimentCounts> {
  const response = await request.get(`/_dev/experiments/${experimentId}/api/counts`);
  expect(response.status()).toBe(200);
  return experimentCountsSchema.parse(await response.json());
}

function variantOf(flowId: string): string {
  const entry = Object.entries(compiledFlows().variants.variants).find(([, flow]) => flow === flowId);
  if (entry === undefined) throw new Error(`no variant maps to ${flowId}`);
  return entry[0];
}

/** One visitor assigned to `flowId`, from the landing page to a paid subscription. */
async function visitAndPay(browser: Browser, baseURL: string, flowId: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await context.addCookies([{ name: 'cnfdVisitorId', value: visitorIdFor(flowId, undefined, `experiment-${randomUUID()}`), url: baseURL }]);
  // The page's clock held until the flag has decided (as in visitor-identity-and-language.spec.ts): a
  // resolver slowed by a busy machine must not time the lookup out, which would expose nobody.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await page.goto('/');
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), rememberedVariantKey(compiledFlows().variants.flag)), { timeout: 15_000 }).not.toBeNull();
  await page.clock.resume();

  const flow = flowById(flowId);
  const answers = { ...realisticAnswers, email: uniqueEmail(`experiment-${flowId}`) };
  await walk(page, flow, answers, { pageClock: true });
  if (pathOf(page) === '/sign-up/password') {
    // The default flow signs up after the questionnaire; v1 and v2 inside it.
    await page.getByLabel('Please choose a password').fill(answers.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'What is your email address?' }).fill(answers.email);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/checkout/plans');
  await page.getByRole('button', { name: 'Continue' }).first().click();
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/checkout/payment');
  await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
  await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
  await pay(page);
  await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
  await context.close();
}

test('two visitors in two variants walk to payment and are counted in the experiment report', async ({ browser, baseURL, request, page }) => {
  test.setTimeout(300_000);
  const before = await countsNow(request);
  await visitAndPay(browser, baseURL ?? '', 'default');
  await visitAndPay(browser, baseURL ?? '', 'v1');

  const grown = (after: ExperimentCounts) =>
    after.variants.map((v) => {
      const earlier = before.variants.find((b) => b.variant === v.variant);
      return { variant: v.variant, exposed: v.exposed - (earlier?.exposed ?? 0), signedUp: v.signedUp - (earlier?.signedUp ?? 0), paid: v.paid - (earlier?.paid ?? 0) };
    });
  // The payments arrive by the emulator's webhook in the background.
  await expect
    .poll(async () => grown(await countsNow(request)), { timeout: 30_000 })
    .toEqual(
      ['baseline', 'feedback-v1', 'feedback-v2'].map((variant) => {
        const walked = variant === variantOf('default') || variant === variantOf('v1') ? 1 : 0;
        return { variant, exposed: walked, signedUp: walked, paid: walked };
      }),
    );

  // The page shows the same counts.
  const after = await countsNow(request);
  await page.goto(`/_dev/experiments/${experimentId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Experiment ${experimentId}`);
  const rows = page.getByRole('region', { name: /Per variant/ }).getByRole('row');
  for (const variant of after.variants) {
    await expect(rows.filter({ hasText: variant.variant }).first().getByRole('cell').first()).toContainText(`${variant.exposed} of`);
  }
});
