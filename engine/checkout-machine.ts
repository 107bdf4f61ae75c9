import { and, assign, emit, setup, stateIn } from 'xstate';
import type { PlanId } from './plan-pricing';

/** Spec section 9: the offer countdown runs 9:00 down to 00:00. */
export const COUNTDOWN_MS = 9 * 60 * 1000;

/** Spec section 9: the limited-time-offer dialog opens after 30 seconds. */
export const OFFER_DELAY_MS = 30 * 1000;

/**
 * Why a submission failed, as the page words it: `checkoutChanged` when another checkout of the same
 * account was started at the same moment (another tab) and won, `submitFailed` for anything else.
 */
export type SubmitError = 'submitFailed' | 'checkoutChanged';

export interface CheckoutInput {
  /** When the page was shown (ms since the epoch). */
  readonly now: number;
  /** When this session first showed the plans (the countdown counts from there, across reloads). */
  readonly countdownStartedAt: number;
  /** The offer dialog was shown earlier in this session: it opens once. */
  readonly offerShownBefore: boolean;
  /** The paywall's (config/paywalls.yaml) plan chosen on load, countdown and offer delay; the spec's when left out. */
  readonly preselected?: PlanId;
  readonly countdownMs?: number;
  readonly offerDelayMs?: number;
}

export interface CheckoutContext {
  /** The paywall's preselected plan (spec: weekly), again on every load (a new machine per load). */
  readonly selectedPlan: PlanId;
  readonly now: number;
  readonly countdownStartedAt: number;
  readonly countdownMs: number;
  readonly offerDelayMs: number;
  readonly viewStartedAt: number;
  readonly offerShownBefore: boolean;
  /** Why the last submission failed (the page says so and Continue works again); cleared by the next. */
  readonly submitError: SubmitError | undefined;
}

export type CheckoutEvent =
  | { readonly type: 'SELECT_PLAN'; readonly plan: PlanId }
  /** The clock moved (the page sends one a second): the countdown and the offer's timer follow it. */
  | { readonly type: 'TICK'; readonly now: number }
  | { readonly type: 'CLOSE_OFFER' }
  /** Continue, on the page or in the offer dialog: submits the selected plan. */
  | { readonly type: 'SUBMIT' }
  /** The route action answered with an error: the visitor can try again. */
  | { readonly type: 'SUBMIT_FAILED'; readonly error: SubmitError }
  /** The action created the subscription and the app is on its way to the payment page. */
  | { readonly type: 'PAYMENT_READY' };

/** What the machine asks its host to do (xstate `emit`): post the plans form, remember the dialog. */
export type CheckoutEmitted = { readonly type: 'submitPlan'; readonly plan: PlanId } | { readonly type: 'offerShown' };

/**
 * The plans page: `purchase` goes plans -> submitting -> payment (a failed submission goes back to
 * plans); `offer` is the limited-time-offer dialog, waiting -> open -> closed, opened once per session
 * after the paywall's delay (spec: 30 s) from when the page is shown. Time comes in through TICK, so
 * the countdown and the dialog are decided here and tested without a browser; the page only renders the snapshot and sends events.
 * While submitting (and once leaving for the payment page) a second SUBMIT is ignored, so a double tap
 * posts the form once, and the plan cannot change under the submission.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    emitted: {} as CheckoutEmitted,
  },
  guards: {
    offerShownBefore: ({ context }) => context.offerShownBefore,
    offerDue: ({ context, event }) => event.type === 'TICK' && event.now - context.viewStartedAt >= context.offerDelayMs,
  },
}).createMachine({
  id: 'checkout',
  type: 'parallel',
  context: ({ input }) => ({
    selectedPlan: input.preselected ?? 'weekly',
    now: input.now,
    countdownStartedAt: input.countdownStartedAt,
    countdownMs: input.countdownMs ?? COUNTDOWN_MS,
    offerDelayMs: input.offerDelayMs ?? OFFER_DELAY_MS,
    viewStartedAt: input.now,
    offerShownBefore: input.offerShownBefore,
    submitError: undefined,
  }),
  on: {
    TICK: { actions: assign({ now: ({ event }) => event.now }) },
  },
  states: {
    purchase: {
      initial: 'plans',
      states: {
        plans: {
          on: {
            SELECT_PLAN: { actions: assign({ selectedPlan: ({ event }) => event.plan }) },
            SUBMIT: {
              target: 'submitting',
              actions: [assign({ submitError: undefined }), emit(({ context }) => ({ type: 'submitPlan' as const, plan: context.selectedPlan }))],
            },
          },
        },
        submitting: {
          on: {
            SUBMIT_FAILED: { target: 'plans', actions: assign({ submitError: ({ event }) => event.error }) },
            PAYMENT_READY: 'payment',
          },
        },
        payment: { type: 'final' },
      },
    },
    offer: {
      initial: 'waiting',
      states: {
        waiting: {
          always: { guard: 'offerShownBefore', target: 'closed' },
          on: {
            // Not while a submission is under way: the visitor has already decided.
            TICK: {
              guard: and(['offerDue', stateIn({ purchase: 'plans' })]),
              target: 'open',
              // Also here: which of two regions' TICK handlers runs is not the point of this one.
              actions: assign({ now: ({ event }) => event.now }),
            },
          },
        },
        open: {
          entry: emit({ type: 'offerShown' as const }),
          on: { CLOSE_OFFER: 'closed' },
        },
        closed: {},
      },
    },
  },
});

/** Whole seconds left on the countdown (never below 0): 540 at first view, 539 one second later (spec's 9 minutes). */
export function countdownSeconds(context: Pick<CheckoutContext, 'now' | 'countdownStartedAt'> & Partial<Pick<CheckoutContext, 'countdownMs'>>): number {
  const total = context.countdownMs ?? COUNTDOWN_MS;
  const left = context.countdownStartedAt + total - context.now;
  return Math.max(0, Math.ceil(Math.min(left, total) / 1000));
}

/** mm:ss, as the banner shows it ("09:00", "00:05"). */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
