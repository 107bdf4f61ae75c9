import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { formatFlowDiagnostic } from '../../engine/flow-error';
import { loadPaywalls } from '../../engine/paywalls';
import { rememberedVariantKey } from '../../services/flags/resolve-funnel-flow';
import { localeText } from './support/account-stack';
import { compiledFlows, visitorIdFor } from './support/compiled-flows';
import { pathOf } from './support/funnel-walker';
import { completionTimeoutMs, fillCard, pay, paymentFrame } from './support/payment-page';
import { startSignedIn } from './support/signed-in-session';
import { buildApp, serveBuild } from './support/throwaway-build';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * docs/experiments.md "Paywall variants": a variant's paywall is one line in config/paywalls.yaml. This
 * test assigns the shipped `yearly-first` paywall to the flag's feedback-v2 variant in a copy of the
 * file (PAYWALLS_FILE), builds the app from it, and serves that build in the browser through the local
 * stack's own SPA middleware (support/throwaway-build.ts; the API is the running stack's). Two visitors get their variant from the flag on /onboarding as any visitor does, sign up,
 * and open the plans: feedback-v2 sees yearly first, preselected and most popular, and pays its price
 * through the checkout; feedback-v1 (no paywall of its own) sees the spec's; baseline is given a paywall
 * that leaves the weekly plan out and is offered the yearly plan alone.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const text = (path: string) => localeText('en', 'checkout', path);
const variants = compiledFlows().variants;

let workDir = '';
let distDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(join(tmpdir(), 'funnel-paywall-variant-'));
  distDir = join(workDir, 'dist');
  const paywallsFile = join(workDir, 'paywalls.yaml');
  const document = parseDocument(readFileSync(join(root, 'config/paywalls.yaml'), 'utf8'));
  // And a paywall that leaves the weekly plan out, for baseline visitors.
  document.setIn(['paywalls', 'yearly-only'], document.createNode({ plans: [{ plan: 'yearly', intro: 'y-intro', full: 'y-full' }], preselected: 'yearly' }));
  document.set('variants', document.createNode({ 'feedback-v2': 'yearly-first', baseline: 'yearly-only' }));
  writeFileSync(paywallsFile, document.toString());
  const checked = loadPaywalls(root, { text: document.toString(), variantNames: Object.keys(variants.variants) });
  expect(checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic), 'the assignment checks').toEqual([]);

  await buildApp(distDir, { PAYWALLS_FILE: paywallsFile });
});

test.afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

/** A signed-in visitor the flag gives `flowId`'s variant: /onboarding resolves and remembers it, then the plans. */
async function visitorOnThePlans(page: Page, context: BrowserContext, origin: string, flowId: string, label: string): Promise<{ variant: string }> {
  await serveBuild(context, origin, distDir);
  const visitorId = visitorIdFor(flowId, variants, `paywall-${label}-${Date.now()}`);
  await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: origin }]);
  await startSignedIn(page, context.request, `paywall-${label}`);
  await page.goto('/onboarding');
  const remembered = () => page.evaluate((key) => window.localStorage.getItem(key), rememberedVariantKey(variants.flag));
  await expect.poll(remembered, { timeout: 15_000 }).not.toBeNull();
  const { variant } = z.object({ variant: z.string() }).parse(JSON.parse((await remembered()) ?? '{}'));
  expect(variants.variants[variant]).toBe(flowId);
  await page.goto('/checkout/plans');
  await expect(page.getByRole('heading', { level: 1, name: text('plans.heading') })).toBeVisible();
  return { variant };
}

const cards = (page: Page, which: 'plans.chooseTop' | 'plans.chooseBottom') => page.getByRole('group', { name: text(which) }).getByRole('radio');

/** The selector's cards are these plans, in this order. */
async function expectOrder(page: Page, which: 'plans.chooseTop' | 'plans.chooseBottom', plans: readonly ('weekly' | 'yearly')[]): Promise<void> {
  await expect(cards(page, which)).toHaveCount(plans.length);
  for (const [index, plan] of plans.entries()) await expect(cards(page, which).nth(index)).toHaveAccessibleName(text(`payment.plans.${plan}`));
}

test('feedback-v2 sees its paywall (yearly first, preselected, most popular) and pays the yearly intro price', async ({ page, context, baseURL }) => {
  const origin = baseURL ?? '';
  expect((await visitorOnThePlans(page, context, origin, 'v2', 'v2')).variant).toBe('feedback-v2');
  for (const selector of ['plans.chooseTop', 'plans.chooseBottom'] as const) {
    await expectOrder(page, selector, ['yearly', 'weekly']);
    await expect(cards(page, selector).first()).toBeChecked();
  }
  const top = page.getByRole('group', { name: text('plans.chooseTop') });
  await expect(top.locator('.plan-card').first().getByText(text('plans.mostPopular'))).toBeVisible();
  await expect(top.getByText(text('plans.mostPopular'))).toHaveCount(1);
  await expect(cards(page, 'plans.chooseTop').first()).toHaveAccessibleDescription(/Regular price €79\.99 €39\.99 for the first year/);

  // Continue without touching the cards: the preselected yearly plan, at the price the card shows.
  await page.getByRole('button', { name: text('plans.continue') }).first().click();
  await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
  const query = new URL(page.url()).searchParams;
  expect([query.get('plan'), query.get('currency'), query.get('amount'), query.get('full_price')]).toEqual(['yearly', 'eur', '3999', '7999']);
  const stripe = stripeEmulatorClient(origin);
  const subscription = await stripe.subscriptions.retrieve(query.get('subscription_id') ?? '');
  expect(subscription.items.data[0]?.price.lookup_key).toBe('y-intro');

  await paymentFrame(page).getByRole('tab', { name: 'Card' }).click();
  await fillCard(paymentFrame(page), { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', zip: '10001' });
  await pay(page);
  await expect.poll(() => pathOf(page), { timeout: completionTimeoutMs }).toBe('/account/subscription');
  expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
});

test('feedback-v1 has no paywall of its own: the spec\'s, weekly first, preselected and most popular', async ({ page, context, baseURL }) => {
  expect((await visitorOnThePlans(page, context, baseURL ?? '', 'v1', 'v1')).variant).toBe('feedback-v1');
  await expectOrder(page, 'plans.chooseTop', ['weekly', 'yearly']);
  await expect(cards(page, 'plans.chooseTop').first()).toBeChecked();
  const top = page.getByRole('group', { name: text('plans.chooseTop') });
  await expect(top.locator('.plan-card').first().getByText(text('plans.mostPopular'))).toBeVisible();
});

test('a paywall may leave a plan out: baseline is offered the yearly plan alone, with no badge, and continues with it', async ({ page, context, baseURL }) => {
  expect((await visitorOnThePlans(page, context, baseURL ?? '', 'default', 'base')).variant).toBe('baseline');
  for (const selector of ['plans.chooseTop', 'plans.chooseBottom'] as const) {
    await expectOrder(page, selector, ['yearly']);
    await expect(cards(page, selector).first()).toBeChecked();
  }
  await expect(page.getByText(text('plans.mostPopular'))).toHaveCount(0);
  await expect(page.getByText(text('payment.plans.weekly'), { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: text('plans.continue') }).first().click();
  await expect.poll(() => pathOf(page)).toBe('/checkout/payment');
  expect(new URL(page.url()).searchParams.get('plan')).toBe('yearly');
});
