import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { z } from 'zod/mini';
import { initialUnitSystem } from '../../engine/answer-storage';
import { calendarDayOf, type GenericPlan, type PersonalPlan } from '../../engine/daily-calorie-plan';
import type { UnitSystem } from '../../engine/funnel-answer';
import { planFromAnswers } from '../../engine/plan-from-answers';
import { paywallForVariant, type Paywall } from '../../engine/paywall-for-variant';
import { checkoutPlans, type CheckoutPlans, type ListedPrice } from '../../engine/plan-pricing';
import { subscriptionStatus } from '../../engine/subscription-status';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import type { AccountArea } from '../../services/account/account-area';
import type { CheckoutArea } from '../../services/checkout/checkout-area';
import paywalls from 'virtual:paywalls';
import { requireSignedInUser } from './require-signed-in-user';

/** The backend function that lists the product's prices (spec section 7). */
export const LIST_PRICES_FUNCTION = 'list-stripe-prices';

export interface PlansLoaderData {
  /** Different on every load: the page starts a new checkout machine per load (weekly again, spec). */
  readonly loadId: string;
  readonly plans: CheckoutPlans;
  /** The visitor's paywall (config/paywalls.yaml): card order, preselected plan, badge, timings. */
  readonly paywall: Paywall;
  readonly now: number;
  readonly countdownStartedAt: number;
  readonly offerShownBefore: boolean;
  /** The visitor's plan from the answers stored in this browser (generic without them), from today. */
  readonly personalPlan: PersonalPlan | GenericPlan;
  /** The units the visitor answered in (else the browser language's): weights in kg or lb. */
  readonly units: UnitSystem;
}

const amountOption = z.object({ unit_amount: z.optional(z.nullable(z.number())), unit_amount_decimal: z.optional(z.nullable(z.string())) });
const priceList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      lookup_key: z.nullable(z.string()),
      currency: z.string(),
      unit_amount: z.nullable(z.number()),
      unit_amount_decimal: z.nullable(z.string()),
      currency_options: z.optional(z.record(z.string(), amountOption)),
    }),
  ),
});

let loads = 0;

/**
 * /checkout/plans: signed-in users only (sign-in with `path` otherwise: the checkout-wide rule, which
 * the spec's "no session user -> /sign-up" yields to, docs/decisions/0136-plans-signed-out-rule.md), an active
 * subscriber goes to their subscription, everyone else gets the plans in their currency. The receipt
 * lookup and the price list run side by side. The paywall is the visitor's flag variant's (the default
 * without one), priced by its lookup keys, so the form posts the price the card shows. A failing call rejects the loader: the route's error
 * element offers a retry.
 */
export function createPlansLoader(
  areas: {
    readonly funnel: Pick<FunnelArea, 'productApi' | 'funnelStorage' | 'browserLanguage' | 'funnelVariant'>;
    readonly account: Pick<AccountArea, 'auth' | 'receipts' | 'backendFunctions'>;
    readonly checkout: Pick<CheckoutArea, 'checkout'>;
  },
): (args: LoaderFunctionArgs) => Promise<PlansLoaderData> {
  return async ({ request }) => {
    const user = await requireSignedInUser(areas, request);
    // The currency comes from the session's cached location (looked up now if the visitor has none yet).
    const [checkout, record, listed, { currency }] = await Promise.all([
      areas.checkout.checkout(),
      areas.account.receipts.subscriber(user.id),
      areas.checkout.checkout().then(({ productId }) => areas.account.backendFunctions.invoke(LIST_PRICES_FUNCTION, { productId })),
      areas.funnel.productApi().then((api) => api.location.location()),
    ]);
    const now = Date.now();
    if (subscriptionStatus(user.id, record, new Date(now)) === 'active') throw redirect('/account/subscription');
    const parsed = priceList.safeParse(listed);
    if (!parsed.success) throw new Error(`${LIST_PRICES_FUNCTION} answered something that is not a price list`);
    const prices: readonly ListedPrice[] = parsed.data.data;
    const paywall = paywallForVariant(paywalls, areas.funnel.funnelVariant());
    loads += 1;
    return {
      loadId: `${now}-${loads}`,
      plans: checkoutPlans(prices, currency, paywall.prices),
      paywall,
      now,
      countdownStartedAt: checkout.session.countdownStartedAt(now),
      offerShownBefore: checkout.session.offerShown(),
      // "Today" in the visitor's own time zone: the plan counts calendar days from it.
      personalPlan: planFromAnswers((key) => areas.funnel.funnelStorage.read(key), calendarDayOf(now, new Date(now).getTimezoneOffset())),
      units: initialUnitSystem(undefined, areas.funnel.funnelStorage.read('useMetricOrImperial'), areas.funnel.browserLanguage()),
    };
  };
}

/**
 * After a submission that failed in place (the action answered an error), the plans are not loaded
 * again: the visitor keeps the plan they chose and sees the message. Everything else revalidates.
 */
export const plansShouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (typeof actionResult === 'object' && actionResult !== null && 'error' in actionResult) return false;
  return defaultShouldRevalidate;
};
