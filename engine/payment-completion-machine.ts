import { assign, fromPromise, setup } from 'xstate';
import { paymentCompletion, type PaymentErrorKey, type PaymentPageParams, type RetrievedPaymentIntent } from './payment-page-params';

/**
 * How long the completion page waits before asking the provider again while a PaymentIntent is
 * `processing` (bank debits, some wallets): 1, 2, 4 and 8 seconds, so five looks within about 15
 * seconds. Then the page says the payment is still processing and offers "Check again" instead of
 * polling forever (docs/decisions/0148-processing-bounded-polling.md).
 */
export const PROCESSING_RECHECK_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];

/** The PaymentIntent as the completion page needs it: its outcome, and its id (the purchase's event id). */
export interface CompletionPaymentIntent extends RetrievedPaymentIntent {
  readonly id: string;
  readonly amount?: number | undefined;
  readonly currency?: string | undefined;
  /** The PaymentIntent's `payment_method` id (its type is looked up for the net amount). */
  readonly paymentMethodId?: string | undefined;
}

/** What the purchase-tracking step receives (pixel `Purchase`, `purchase_2`, server event). */
export interface PurchaseDetails {
  readonly subscriptionId: string;
  /** Event id of the pixel and the server event, so Meta deduplicates the two. */
  readonly paymentIntentId: string;
  /** Minor units of the currency (cents; whole yen). */
  readonly amount: number | undefined;
  readonly currency: string | undefined;
  readonly plan: string | undefined;
  /** The payment method that paid (`pm_...`): its type prices the provider's fee in the net amount. */
  readonly paymentMethodId: string | undefined;
}

/**
 * What the account page confirms after the payment: the plan, what was charged (the PaymentIntent's
 * amount, minor units) and the price it renews at (the plan's full price, which the schedule moves to).
 */
export interface CompletedPurchase {
  readonly subscriptionId: string;
  readonly plan: string | undefined;
  readonly amount: number | undefined;
  readonly currency: string | undefined;
  readonly fullPrice: number | undefined;
}

/**
 * What marking the subscription purchased answered. `marked`: the once-only gate passed, `firstMark`
 * when this call was the first. `refunded`: the server refused the subscription as a second payment
 * (a checkout paid after another checkout replaced it) and refunded it, so there is no purchase to
 * record and nothing to confirm.
 */
export type PurchaseMark = { readonly outcome: 'marked'; readonly firstMark: boolean } | { readonly outcome: 'refunded' };

/** What the account page tells the visitor whose payment was refunded as a second payment. */
export interface RefundedPayment {
  readonly subscriptionId: string;
}

/** A recording step that failed: reported, never shown (the payment itself succeeded). */
export type RecordingStep = 'markPurchased' | 'registerPurchase' | 'recordReceipt' | 'scheduleFullPrice';

export interface PaymentCompletionContext {
  readonly params: PaymentPageParams;
  /** Looks at the PaymentIntent so far in this round (a "Check again" starts a new round). */
  readonly checks: number;
  readonly paymentIntent: CompletionPaymentIntent | undefined;
  /** This visit was the first to mark the subscription purchased: only then is the purchase registered. */
  readonly firstPurchaseMark: boolean;
  readonly error: PaymentErrorKey | undefined;
}

export type PaymentCompletionEvent = { readonly type: 'CHECK_AGAIN' };

const isSucceeded = (context: PaymentCompletionContext, paymentIntent: CompletionPaymentIntent | undefined): boolean =>
  paymentCompletion(context.params.subscriptionId, paymentIntent).completed;

const purchaseOf = (context: PaymentCompletionContext): PurchaseDetails => ({
  subscriptionId: context.params.subscriptionId ?? '',
  paymentIntentId: context.paymentIntent?.id ?? '',
  amount: context.paymentIntent?.amount ?? context.params.amount,
  currency: context.paymentIntent?.currency ?? context.params.currency,
  plan: context.params.plan,
  paymentMethodId: context.paymentIntent?.paymentMethodId,
});

const completedPurchaseOf = (context: PaymentCompletionContext): CompletedPurchase => {
  const { subscriptionId, amount, currency, plan } = purchaseOf(context);
  return { subscriptionId, amount, currency, plan, fullPrice: context.params.fullPrice };
};

/**
 * /checkout/payment-completion: where the provider returns after a payment (and where a failed
 * 3-D Secure challenge lands too). The outcome comes from the PaymentIntent retrieved by its client
 * secret, never from the redirect's `redirect_status`:
 *
 * resolving -> succeeded -> recording -> done (/account/subscription)
 *                                     -> refunded (/account/subscription, with the refund notice)
 *           -> waiting (processing; re-checked with PROCESSING_RECHECK_DELAYS_MS) -> resolving
 *           -> stillProcessing (after the last re-check; CHECK_AGAIN -> resolving)
 *           -> failed (back to the payment page with "paymentFailed" or "somethingWentWrong")
 *
 * Recording runs in order: mark the subscription purchased (the once-only gate: the server answers
 * whether this call was the first), register the purchase (only on the first mark, so a reload
 * tracks nothing twice), record the receipt with RevenueCat, turn the subscription into its intro ->
 * full schedule. Each step is idempotent on the server; a failing step is reported and the next one
 * still runs, because the payment is taken either way and the webhook records it too. The one
 * exception is a mark that answers `refunded`: that payment was given back, so registering it (a
 * Purchase conversion), its receipt or its full price would all be false, and the visitor is told.
 *
 * Side effects are named and supplied with `.provide()`: actors `retrievePaymentIntent` (resolves
 * undefined when the provider answered with an error, which the page reports), `markPurchased`,
 * `registerPurchase`, `recordReceipt`, `scheduleFullPrice`; actions `reportError`,
 * `goToSubscription` (with the purchase the account page confirms), `goToRefundNotice`,
 * `returnToPayment`.
 */
export const paymentCompletionMachine = setup({
  types: {
    context: {} as PaymentCompletionContext,
    events: {} as PaymentCompletionEvent,
    input: {} as { readonly params: PaymentPageParams },
  },
  actors: {
    retrievePaymentIntent: fromPromise<CompletionPaymentIntent | undefined, { clientSecret: string }>(async () => {
      throw new Error('retrievePaymentIntent is not provided');
    }),
    markPurchased: fromPromise<PurchaseMark, { subscriptionId: string; paymentIntentId: string }>(async () => {
      throw new Error('markPurchased is not provided');
    }),
    // The purchase-tracking step (pixel Purchase and purchase_2, server event through track-event).
    registerPurchase: fromPromise<undefined, PurchaseDetails>(async () => {
      throw new Error('registerPurchase is not provided');
    }),
    recordReceipt: fromPromise<undefined, { subscriptionId: string }>(async () => {
      throw new Error('recordReceipt is not provided');
    }),
    scheduleFullPrice: fromPromise<undefined, { subscriptionId: string }>(async () => {
      throw new Error('scheduleFullPrice is not provided');
    }),
  },
  delays: {
    recheckDelay: ({ context }) => PROCESSING_RECHECK_DELAYS_MS[Math.min(context.checks, PROCESSING_RECHECK_DELAYS_MS.length) - 1] ?? 0,
  },
  guards: {
    hasSubscription: ({ context }) => context.params.subscriptionId !== undefined,
    paymentSucceeded: ({ context }, { paymentIntent }: { paymentIntent: CompletionPaymentIntent | undefined }) => isSucceeded(context, paymentIntent),
    processingCanRecheck: ({ context }, { paymentIntent }: { paymentIntent: CompletionPaymentIntent | undefined }) =>
      paymentIntent?.status === 'processing' && context.checks <= PROCESSING_RECHECK_DELAYS_MS.length,
    processing: (_, { paymentIntent }: { paymentIntent: CompletionPaymentIntent | undefined }) => paymentIntent?.status === 'processing',
    refunded: (_, { mark }: { mark: PurchaseMark }) => mark.outcome === 'refunded',
    firstMark: (_, { mark }: { mark: PurchaseMark }) => mark.outcome === 'marked' && mark.firstMark,
  },
  actions: {
    reportError: (_, _params: { error: unknown; step: RecordingStep | 'retrievePaymentIntent' }) => {},
    goToSubscription: (_, _params: { purchase: CompletedPurchase }) => {},
    goToRefundNotice: (_, _params: { refund: RefundedPayment }) => {},
    returnToPayment: (_, _params: { error: PaymentErrorKey }) => {},
  },
}).createMachine({
  id: 'paymentCompletion',
  context: ({ input }) => ({ params: input.params, checks: 0, paymentIntent: undefined, firstPurchaseMark: false, error: undefined }),
  initial: 'starting',
  states: {
    // Spec: without a subscription id the payment does not count as completed; nothing to ask.
    starting: {
      always: [{ guard: 'hasSubscription', target: 'resolving' }, { target: 'failed', actions: assign({ error: 'somethingWentWrong' }) }],
    },
    resolving: {
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        src: 'retrievePaymentIntent',
        input: ({ context }) => ({ clientSecret: context.params.clientSecret }),
        onDone: [
          { guard: { type: 'paymentSucceeded', params: ({ event }) => ({ paymentIntent: event.output }) }, target: 'succeeded', actions: assign({ paymentIntent: ({ event }) => event.output }) },
          { guard: { type: 'processingCanRecheck', params: ({ event }) => ({ paymentIntent: event.output }) }, target: 'waiting', actions: assign({ paymentIntent: ({ event }) => event.output }) },
          { guard: { type: 'processing', params: ({ event }) => ({ paymentIntent: event.output }) }, target: 'stillProcessing', actions: assign({ paymentIntent: ({ event }) => event.output }) },
          {
            target: 'failed',
            actions: assign(({ context, event }) => {
              const outcome = paymentCompletion(context.params.subscriptionId, event.output);
              return { paymentIntent: event.output, error: outcome.completed ? undefined : outcome.error };
            }),
          },
        ],
        onError: {
          // The provider could not be asked (its script did not load, the network dropped): the
          // payment is not known to be complete, so the payment page says something went wrong.
          target: 'failed',
          actions: [assign({ error: 'somethingWentWrong' }), { type: 'reportError', params: ({ event }) => ({ error: event.error, step: 'retrievePaymentIntent' }) }],
        },
      },
    },
    waiting: {
      after: { recheckDelay: { target: 'resolving' } },
    },
    stillProcessing: {
      on: { CHECK_AGAIN: { target: 'resolving', actions: assign({ checks: 0 }) } },
    },
    succeeded: {
      always: { target: 'recording' },
    },
    recording: {
      initial: 'markingPurchased',
      states: {
        markingPurchased: {
          invoke: {
            src: 'markPurchased',
            input: ({ context }) => ({ subscriptionId: context.params.subscriptionId ?? '', paymentIntentId: context.paymentIntent?.id ?? '' }),
            onDone: [
              // Refunded as a second payment: nothing of it is recorded, the visitor is told instead.
              { guard: { type: 'refunded', params: ({ event }) => ({ mark: event.output }) }, target: '#paymentCompletion.refunded' },
              { guard: { type: 'firstMark', params: ({ event }) => ({ mark: event.output }) }, target: 'registeringPurchase', actions: assign({ firstPurchaseMark: true }) },
              { target: 'recordingReceipt' },
            ],
            // Unknown whether an earlier visit registered it: register anyway; the event id (the
            // PaymentIntent id) lets Meta drop a duplicate, whereas a missing purchase is lost.
            onError: { target: 'registeringPurchase', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, step: 'markPurchased' }) } },
          },
        },
        // The purchase-tracking step: pixel `Purchase` + `purchase_2` and the server event.
        registeringPurchase: {
          invoke: {
            src: 'registerPurchase',
            input: ({ context }) => purchaseOf(context),
            onDone: { target: 'recordingReceipt' },
            onError: { target: 'recordingReceipt', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, step: 'registerPurchase' }) } },
          },
        },
        recordingReceipt: {
          invoke: {
            src: 'recordReceipt',
            input: ({ context }) => ({ subscriptionId: context.params.subscriptionId ?? '' }),
            onDone: { target: 'scheduling' },
            // The stripe-webhook function records the receipt from invoice.paid as well.
            onError: { target: 'scheduling', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, step: 'recordReceipt' }) } },
          },
        },
        scheduling: {
          invoke: {
            src: 'scheduleFullPrice',
            input: ({ context }) => ({ subscriptionId: context.params.subscriptionId ?? '' }),
            onDone: { target: '#paymentCompletion.done' },
            onError: { target: '#paymentCompletion.done', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error, step: 'scheduleFullPrice' }) } },
          },
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'goToSubscription', params: ({ context }) => ({ purchase: completedPurchaseOf(context) }) },
    },
    refunded: {
      type: 'final',
      entry: { type: 'goToRefundNotice', params: ({ context }) => ({ refund: { subscriptionId: context.params.subscriptionId ?? '' } }) },
    },
    failed: {
      type: 'final',
      entry: { type: 'returnToPayment', params: ({ context }) => ({ error: context.error ?? 'somethingWentWrong' }) },
    },
  },
});
