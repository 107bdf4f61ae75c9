import { redirect, type ActionFunctionArgs } from 'react-router';
import { z } from 'zod/mini';
import type { SubmitError } from '../../engine/checkout-machine';
import { BackendFunctionError } from '../../services/account/backend-function-error';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';

/** The backend function that creates the incomplete subscription the payment page pays (spec section 7). */
export const CREATE_SUBSCRIPTION_FUNCTION = 'create-stripe-subscription';

/** The plans form's fields (the page posts the selected plan's). */
export const PLAN_FIELDS = { plan: 'plan', priceId: 'priceId', currency: 'currency', fullPrice: 'fullPrice' } as const;

/** What the page shows when the subscription could not be created: Continue works again. */
export interface PlansActionData {
  readonly error: SubmitError;
}

const created = z.object({
  data: z.object({
    clientSecret: z.nullable(z.string()),
    subscriptionId: z.string(),
    invoiceSubtotal: z.number(),
    invoiceCurrency: z.string(),
  }),
});

/**
 * The plans form's action (spec sections 2 and 5): a form without currency or price id, or a session
 * without an e-mail, goes back to the plans; otherwise create-stripe-subscription with the plan's intro
 * price and on to /checkout/payment with client_secret, currency, plan, subscription_id, full_price and
 * amount (engine/payment-page-params.ts reads them). The function is idempotent per user, price and
 * currency, so a repeated submit gets the same subscription. A caller who already subscribed (409
 * `already_subscribed`) goes to their subscription. Another checkout started at the same moment (409
 * `checkout_changed`, another tab won the race) is answered in place with its own message, unreported:
 * nothing is broken, the visitor chooses again. Any other failure is reported and answered in place.
 */
export function createPlansAction(areas: { readonly telemetry: Pick<TelemetryArea, 'reportError' | 'conversions'>; readonly account: Pick<AccountArea, 'auth' | 'backendFunctions'> }): (args: ActionFunctionArgs) => Promise<PlansActionData | Response> {
  return async ({ request }) => {
    const form = await request.formData();
    const currency = field(form, PLAN_FIELDS.currency)?.toLowerCase();
    const priceId = field(form, PLAN_FIELDS.priceId);
    if (currency === undefined || priceId === undefined) return redirect('/checkout/plans');
    const user = areas.account.auth.mayHaveSession() ? await areas.account.auth.currentUser() : null;
    const email = user?.email;
    if (!email) return redirect('/checkout/plans');
    const plan = field(form, PLAN_FIELDS.plan);
    const fullPrice = field(form, PLAN_FIELDS.fullPrice);

    let answer: unknown;
    try {
      answer = await areas.account.backendFunctions.invoke(CREATE_SUBSCRIPTION_FUNCTION, { currency, email, priceId });
    } catch (error) {
      if (error instanceof BackendFunctionError && error.code === 'already_subscribed') return redirect('/account/subscription');
      if (error instanceof BackendFunctionError && error.status === 409 && error.code === 'checkout_changed') return { error: 'checkoutChanged' };
      areas.telemetry.reportError(error);
      return { error: 'submitFailed' };
    }
    const parsed = created.safeParse(answer);
    const subscription = parsed.success ? parsed.data.data : undefined;
    // No client secret: nothing to pay now (a 100 % coupon), which this page never sells.
    if (subscription?.clientSecret === null || subscription?.clientSecret === undefined) {
      areas.telemetry.reportError(new Error(`${CREATE_SUBSCRIPTION_FUNCTION} answered without a payment to confirm`));
      return { error: 'submitFailed' };
    }
    const search = new URLSearchParams({
      client_secret: subscription.clientSecret,
      currency: subscription.invoiceCurrency,
      ...(plan === 'weekly' || plan === 'yearly' ? { plan } : {}),
      subscription_id: subscription.subscriptionId,
      ...(fullPrice !== undefined && /^\d+$/.test(fullPrice) ? { full_price: fullPrice } : {}),
      amount: String(subscription.invoiceSubtotal),
    });
    // The checkout is initiated here: the subscription exists and the visitor goes on to pay. Not
    // awaited: tracking reports its own failures and never holds the visitor up.
    void areas.telemetry.conversions.initiateCheckout({
      subscriptionId: subscription.subscriptionId,
      amount: subscription.invoiceSubtotal,
      currency: subscription.invoiceCurrency,
      plan: plan === 'weekly' || plan === 'yearly' ? plan : undefined,
    });
    return redirect(`/checkout/payment?${search.toString()}`);
  };
}

function field(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
