import * as z from 'zod/mini';
import { fromPromise } from 'xstate';
import type { CompletionPaymentIntent, PurchaseDetails, PurchaseMark } from '../../engine/payment-completion-machine';
import { BackendFunctionError } from '../../services/account/backend-function-error';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';
import type { CheckoutArea } from '../../services/checkout/checkout-area';

const markAnswer = z.object({ data: z.object({ firstMark: z.boolean() }) });

/**
 * The mark function's refusal of a checkout paid after another checkout replaced it: the server has
 * refunded that payment (supabase/functions/_shared/own-paid-subscription.ts).
 */
const isSecondPaymentRefunded = (error: unknown): boolean => error instanceof BackendFunctionError && error.status === 409 && error.code === 'second_payment_refunded';

/**
 * The payment-completion machine's side effects: the provider's PaymentIntent, and the backend
 * functions that record the purchase (each idempotent on the server). The tracking step goes to
 * `areas.checkout.registerPurchase`.
 */
export function paymentCompletionActors(areas: { readonly telemetry: Pick<TelemetryArea, 'reportError'>; readonly account: Pick<AccountArea, 'backendFunctions'>; readonly checkout: Pick<CheckoutArea, 'payments' | 'registerPurchase'> }, userId: string) {
  return {
    retrievePaymentIntent: fromPromise<CompletionPaymentIntent | undefined, { clientSecret: string }>(async ({ input }) => {
      const stripe = await areas.checkout.payments.stripe();
      if (!stripe) throw new Error('The payment provider did not load');
      const result = await stripe.retrievePaymentIntent(input.clientSecret);
      if (result.error) {
        areas.telemetry.reportError(new Error(`retrievePaymentIntent failed: ${result.error.type} ${result.error.message ?? ''}`));
        return undefined;
      }
      const { id, status, amount, currency, payment_method: paymentMethod, last_payment_error: lastError } = result.paymentIntent;
      // Stripe.js gives the id unless the method was expanded.
      const paymentMethodId = typeof paymentMethod === 'string' ? paymentMethod : (paymentMethod?.id ?? undefined);
      return { id, status, amount, currency, paymentMethodId, last_payment_error: lastError === null ? null : { code: lastError.code } };
    }),
    markPurchased: fromPromise<PurchaseMark, { subscriptionId: string; paymentIntentId: string }>(async ({ input }) => {
      let answer: unknown;
      try {
        answer = await areas.account.backendFunctions.invoke('mark-stripe-subscription-purchased', input);
      } catch (error) {
        // An outcome, not a failure: the machine records nothing and the visitor is told of the refund.
        if (isSecondPaymentRefunded(error)) return { outcome: 'refunded' };
        throw error;
      }
      const parsed = markAnswer.safeParse(answer);
      if (!parsed.success) throw new Error(`mark-stripe-subscription-purchased answered unexpectedly: ${parsed.error.message}`);
      return { outcome: 'marked', firstMark: parsed.data.data.firstMark };
    }),
    registerPurchase: fromPromise<undefined, PurchaseDetails>(async ({ input }) => {
      await areas.checkout.registerPurchase(input);
      return undefined;
    }),
    recordReceipt: fromPromise<undefined, { subscriptionId: string }>(async ({ input }) => {
      try {
        await areas.account.backendFunctions.invoke('record-revenuecat-receipt', { subscriptionId: input.subscriptionId });
      } catch (error) {
        // Spec: a receipt failure is logged with the user and the subscription id.
        throw new Error(`Receipt creation failed for user ${userId}, subscription ${input.subscriptionId}`, { cause: error });
      }
      return undefined;
    }),
    scheduleFullPrice: fromPromise<undefined, { subscriptionId: string }>(async ({ input }) => {
      await areas.account.backendFunctions.invoke('create-stripe-subscription-schedule', { subscriptionId: input.subscriptionId });
      return undefined;
    }),
  };
}
