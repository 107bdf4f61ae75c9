import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { formatFlowDiagnostic } from '../../engine/flow-error';
import { loadPaywalls } from '../../engine/paywalls';
import { serveSpa } from '../../server/serve-spa';
import { rememberedVariantKey } from '../../services/flags/resolve-funnel-flow';
import { localeText } from './support/account-stack';
import { compiledFlows, visitorIdFor } from './support/compiled-flows';
import { pathOf } from './support/funnel-walker';
import { completionTimeoutMs, fillCard, payButton, paymentFrame } from './support/payment-page';
import { startSignedIn } from './support/signed-in-session';
import { stripeEmulatorClient } from './support/stripe-emulator-client';

/**
 * docs/experiments.md "Paywall variants": a variant's paywall is one line in config/paywalls.yaml. This
 * test assigns the shipped `yearly-first` paywall to the flag's feedback-v2 variant in a copy of the
 * file (PAYWALLS_FILE), builds the app from it, and serves that build in the browser through the local
 * stack's own SPA middleware (as tests/e2e/added-flow-variant.spec.ts does; the API is the running
 * stack's). Two visitors get their variant from the flag on /onboarding as any visitor does, sign up,
 * and open the plans: feedback-v2 sees yearly first, preselected and most popular, and pays its price
 * through the checkout; feedback-v1 (no paywall of its own) sees the spec's.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const execFileAsync = promisify(execFile);
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
  document.set('variants', document.createNode({ 'feedback-v2': 'yearly-first' }));
  writeFileSync(paywallsFile, document.toString());
  const checked = loadPaywalls(root, { text: document.toString(), variantNames: Object.keys(variants.variants) });
  expect(checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic), 'the assignment checks').toEqual([]);

  await execFileAsync(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, PAYWALLS_FILE: paywallsFile, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
});

test.afterAll(() => {
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

/** The throwaway build's pages and chunks from the stack's SPA middleware; everything else goes on to the stack. */
async function serveBuild(context: BrowserContext, origin: string): Promise<void> {
  const spa = new Hono();
  spa.use('*', serveSpa(distDir));
  spa.notFound(() => new Response(null, { status: 404, headers: { 'x-not-spa': '1' } }));
  await context.route(
    (url) => url.origin === origin,
    async (route) => {
      const request = route.request();
      const body = request.method() === 'GET' || request.method() === 'HEAD' ? undefined : request.postData();
      const answer = await spa.fetch(new Request(request.url(), { method: request.method(), ...(body === null || body === undefined ? {} : { body }) }));
      if (answer.headers.get('x-not-spa') === '1') return route.continue();
      return route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: Buffer.from(await answer.arrayBuffer()) });
    },
  );
}

/** A signed-in visitor the flag gives `flowId`'s variant: /onboarding resolves and remembers it, then the plans. */
async function visitorOnThePlans(page: Page, context: BrowserContext, origin: string, flowId: string, label: string): Promise<{ variant: string }> {
  await serveBuild(context, origin);
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
  await payButton(page).click();
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
