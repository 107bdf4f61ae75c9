import { describe, expect, it } from 'vitest';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { AuthService, AuthUser } from '../../../services/account/auth-service';
import { BackendFunctionError } from '../../../services/account/backend-function-error';
import type { BackendFunctions } from '../../../services/account/backend-functions';
import type { ProductApiServices } from '../../../services/product-api/create-product-api-services';
import type { ReceiptService } from '../../../services/receipts/receipt-service';
import { createPlansAction } from '../../../screens/checkout/plans-action';
import { createPlansLoader, plansShouldRevalidate } from '../../../screens/checkout/plans-loader';
import type { ConversionTracking, TrackedCheckout } from '../../../services/tracking/conversion-tracking';

const USER: AuthUser = { id: 'user-1', email: 'ann@example.com' };

function auth(user: AuthUser | null): AuthService {
  const unused = () => Promise.reject(new Error('not used here'));
  return {
    mayHaveSession: () => user !== null,
    currentUser: () => Promise.resolve(user),
    signUp: unused,
    confirmEmail: unused,
    signIn: unused,
    signOut: unused,
    requestPasswordReset: unused,
    updatePassword: unused,
  };
}

function functions(answer: (name: string, body: Readonly<Record<string, unknown>>) => Promise<unknown>): BackendFunctions & { calls: { name: string; body: unknown }[] } {
  const calls: { name: string; body: unknown }[] = [];
  return {
    calls,
    invoke: (name, body = {}) => {
      calls.push({ name, body });
      return answer(name, body);
    },
  };
}

const price = (id: string, lookupKey: string, eur: number, sek: number) => ({
  id,
  lookup_key: lookupKey,
  currency: 'eur',
  unit_amount: eur,
  unit_amount_decimal: String(eur),
  currency_options: { eur: { unit_amount: eur, unit_amount_decimal: String(eur) }, sek: { unit_amount: sek, unit_amount_decimal: String(sek) } },
});
const PRICES = { data: [price('p_wf', 'w-full', 999, 10999), price('p_wi', 'w-intro', 299, 3399), price('p_yf', 'y-full', 7999, 91999), price('p_yi', 'y-intro', 3999, 45999)] };

/** The product API as the plans loader uses it: only the location's currency matters here. */
const productApi = (currency: string): ProductApiServices => ({
  location: { location: () => Promise.resolve({ city: null, countryCode: null, currency, zipCode: null }) },
  netAmount: () => Promise.reject(new Error('not used by the plans page')),
  purchaseValue: () => Promise.reject(new Error('not used by the plans page')),
});

const receipts = (expires: string | undefined): ReceiptService => ({
  subscriber: () => Promise.resolve(expires === undefined ? {} : { subscriber: { entitlements: { premium: { expires_date: expires } } } }),
});

const routeArgs = (request: Request): LoaderFunctionArgs & ActionFunctionArgs => ({ request, url: new URL(request.url), pattern: '', params: {}, context: undefined });
const loaderArgs = (url: string) => routeArgs(new Request(url));

async function thrownOrReturned(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const location = (value: unknown): string | null => (value instanceof Response ? value.headers.get('Location') : null);

describe('the plans loader', () => {
  const services = (overrides: { user?: AuthUser | null; expires?: string; currency?: string; listed?: () => Promise<unknown>; answers?: Record<string, string>; browserLanguage?: string; variant?: string } = {}) => {
    const answers = overrides.answers ?? {};
    const backendFunctions = functions(overrides.listed ?? (() => Promise.resolve(PRICES)));
    return {
      backendFunctions,
      services: {
        account: { auth: auth(overrides.user === undefined ? USER : overrides.user), receipts: receipts(overrides.expires), backendFunctions },
        checkout: { checkout: () => Promise.resolve({ productId: 'prod_x', session: { countdownStartedAt: () => 1234, offerShown: () => true, rememberOfferShown: () => {} } }) },
        funnel: {
          productApi: () => Promise.resolve(productApi(overrides.currency ?? 'eur')),
          funnelStorage: { answers: () => Promise.reject(new Error('not used by the plans route')), read: (key: string) => answers[key] ?? null },
          browserLanguage: () => overrides.browserLanguage ?? 'de-DE',
          funnelVariant: () => overrides.variant,
        },
      },
    };
  };

  it('sends a signed-out visitor to sign-in with the path and query, to come back', async () => {
    const result = await thrownOrReturned(() => createPlansLoader(services({ user: null }).services)(loaderArgs('http://x/checkout/plans?utm=1')));
    expect(location(result)).toBe('/account/sign-in?path=%2Fcheckout%2Fplans%3Futm%3D1');
  });

  it('sends an active subscriber to their subscription', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const result = await thrownOrReturned(() => createPlansLoader(services({ expires: future }).services)(loaderArgs('http://x/checkout/plans')));
    expect(location(result)).toBe('/account/subscription');
  });

  it('lists the product\'s prices in the session\'s currency; a new load id each time', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const { services: wired, backendFunctions } = services({ expires: past, currency: 'sek' });
    const loader = createPlansLoader(wired);
    const first = await loader(loaderArgs('http://x/checkout/plans'));
    const second = await loader(loaderArgs('http://x/checkout/plans'));
    expect(backendFunctions.calls[0]).toEqual({ name: 'list-stripe-prices', body: { productId: 'prod_x' } });
    expect(first.plans.currency).toBe('sek');
    expect(first.plans.weekly).toMatchObject({ introPriceId: 'p_wi', introAmount: 3399, fullAmount: 10999 });
    expect([first.countdownStartedAt, first.offerShownBefore]).toEqual([1234, true]);
    expect(first.loadId).not.toBe(second.loadId);
  });

  it('shows a visitor whose flag variant has no paywall of its own the default one (config/paywalls.yaml assigns none)', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const loaded = await createPlansLoader(services({ expires: past, variant: 'feedback-v2' }).services)(loaderArgs('http://x/checkout/plans'));
    expect(loaded.paywall).toMatchObject({ id: 'spec', order: ['weekly', 'yearly'], preselected: 'weekly', mostPopular: 'weekly' });
    expect(loaded.plans.yearly?.introPriceId).toBe('p_yi');
  });

  it('puts the plan from the stored answers on the page, in the units the visitor answered in; generic without answers', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const answers = { gender: 'female', height: '170.18', weight: '68.0388', goalWeight: '63.50288', age: '34', activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced', useMetricOrImperial: 'false' };
    const withAnswers = await createPlansLoader(services({ expires: past, answers }).services)(loaderArgs('http://x/checkout/plans'));
    expect(withAnswers.personalPlan).toMatchObject({ kind: 'personal', dailyKcal: 1390 });
    expect(withAnswers.units).toBe('imperial');
    const without = await createPlansLoader(services({ expires: past, browserLanguage: 'en-US' }).services)(loaderArgs('http://x/checkout/plans'));
    expect(without.personalPlan).toMatchObject({ kind: 'generic', dailyKcal: 2000 });
    expect(without.units).toBe('imperial');
  });

  it('rejects when the prices cannot be listed or make no sense (the error element offers a retry)', async () => {
    await expect(createPlansLoader(services({ listed: () => Promise.reject(new BackendFunctionError('list-stripe-prices', 503, undefined)) }).services)(loaderArgs('http://x/checkout/plans'))).rejects.toThrow('503');
    await expect(createPlansLoader(services({ listed: () => Promise.resolve({ data: 'nope' }) }).services)(loaderArgs('http://x/checkout/plans'))).rejects.toThrow('not a price list');
  });

  it('is not loaded again after a submission that failed in place', () => {
    const url = new URL('http://x/checkout/plans');
    const base = { currentUrl: url, currentParams: {}, nextUrl: url, nextParams: {}, defaultShouldRevalidate: true };
    expect(plansShouldRevalidate({ ...base, actionResult: { error: 'submitFailed' } })).toBe(false);
    expect(plansShouldRevalidate({ ...base, actionResult: undefined })).toBe(true);
  });
});

describe('the plans action', () => {
  const submitted = { plan: 'weekly', priceId: 'p_wi', currency: 'EUR', fullPrice: '999' };
  const run = async (fields: Record<string, string>, options: { user?: AuthUser | null; answer?: () => Promise<unknown> } = {}) => {
    const errors: unknown[] = [];
    const checkouts: TrackedCheckout[] = [];
    const backendFunctions = functions(options.answer ?? (() => Promise.resolve({ data: { clientSecret: 'pi_1_secret_2', subscriptionId: 'sub_1', invoiceSubtotal: 299, invoiceCurrency: 'eur' } })));
    const conversions: ConversionTracking = {
      start: () => undefined,
      revoke: () => undefined,
      completeRegistration: async () => undefined,
      initiateCheckout: async (checkout) => void checkouts.push(checkout),
      purchase: async () => undefined,
    };
    const action = createPlansAction({ account: { auth: auth(options.user === undefined ? USER : options.user), backendFunctions }, telemetry: { reportError: (error) => void errors.push(error), conversions } });
    const request = new Request('http://x/checkout/plans', { method: 'POST', body: new URLSearchParams(fields) });
    const result = await action(routeArgs(request));
    return { result, calls: backendFunctions.calls, errors, checkouts };
  };

  it('creates the subscription with the intro price and goes on to the payment page with the spec\'s parameters', async () => {
    const { result, calls, checkouts } = await run(submitted);
    expect(calls).toEqual([{ name: 'create-stripe-subscription', body: { currency: 'eur', email: 'ann@example.com', priceId: 'p_wi' } }]);
    // InitiateCheckout once the subscription exists, with what the first invoice asks for.
    expect(checkouts).toEqual([{ subscriptionId: 'sub_1', amount: 299, currency: 'eur', plan: 'weekly' }]);
    const target = new URL(location(result) ?? '', 'http://x');
    expect(target.pathname).toBe('/checkout/payment');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_secret: 'pi_1_secret_2',
      currency: 'eur',
      plan: 'weekly',
      subscription_id: 'sub_1',
      full_price: '999',
      amount: '299',
    });
  });

  it('a form without currency or price id, or a session without an e-mail, goes back to the plans', async () => {
    for (const [fields, user] of [
      [{ ...submitted, currency: '' }, USER],
      [{ plan: 'weekly', currency: 'eur' }, USER],
      [submitted, { id: 'user-1', email: undefined }],
      [submitted, null],
    ] as const) {
      const { result, calls } = await run(fields, { user });
      expect(location(result)).toBe('/checkout/plans');
      expect(calls).toEqual([]);
    }
  });

  it('an account that already subscribed goes to its subscription', async () => {
    const { result } = await run(submitted, { answer: () => Promise.reject(new BackendFunctionError('create-stripe-subscription', 409, 'already_subscribed')) });
    expect(location(result)).toBe('/account/subscription');
  });

  it('another checkout started at the same time (409 checkout_changed) has its own message, unreported: nothing is broken', async () => {
    const changed = await run(submitted, { answer: () => Promise.reject(new BackendFunctionError('create-stripe-subscription', 409, 'checkout_changed')) });
    expect(changed.result).toEqual({ error: 'checkoutChanged' });
    expect(changed.errors).toEqual([]);
    expect(changed.checkouts).toEqual([]);
    // Answered in place like any failure: the page keeps its selection and Continue works again.
    const url = new URL('http://x/checkout/plans');
    expect(plansShouldRevalidate({ currentUrl: url, currentParams: {}, nextUrl: url, nextParams: {}, defaultShouldRevalidate: true, actionResult: changed.result })).toBe(false);
  });

  it('any other failure is reported and answered in place, so Continue works again', async () => {
    const failed = await run(submitted, { answer: () => Promise.reject(new BackendFunctionError('create-stripe-subscription', 500, 'internal')) });
    expect(failed.result).toEqual({ error: 'submitFailed' });
    expect(failed.checkouts).toEqual([]);
    expect(failed.errors).toHaveLength(1);
    const noSecret = await run(submitted, { answer: () => Promise.resolve({ data: { clientSecret: null, subscriptionId: 'sub_1', invoiceSubtotal: 0, invoiceCurrency: 'eur' } }) });
    expect(noSecret.result).toEqual({ error: 'submitFailed' });
    expect(noSecret.errors).toHaveLength(1);
  });
});
