import { assign, setup } from 'xstate';
import type { EligibleCounts, StoreGroup } from './subscription-eligibility';

/** The buttons of the choice dialog, in the spec's order. */
export type CancelRefundChoice = 'web' | 'apple' | 'google' | 'all';

/** The request types the cancel and refund functions take. */
export type CancelRefundRequestType = 'all' | 'web';

/**
 * What the page does once the choice is made: call the function with a type, or open a store's page
 * (only the store can cancel or refund its own subscriptions).
 */
export type CancelRefundOutcome =
  | { readonly kind: 'request'; readonly type: CancelRefundRequestType }
  | { readonly kind: 'store'; readonly store: 'apple' | 'google' };

export interface CancelRefundChoiceContext {
  readonly counts: EligibleCounts;
  /** The dialog's buttons while `choosing`. */
  readonly choices: readonly CancelRefundChoice[];
  readonly outcome: CancelRefundOutcome | undefined;
}

export type CancelRefundChoiceEvent =
  /** The page's "Request cancelation" / "Request refund" button. */
  | { readonly type: 'REQUEST' }
  | { readonly type: 'CHOOSE'; readonly choice: CancelRefundChoice }
  /** The dialog was closed (X, Escape, backdrop) without a choice. */
  | { readonly type: 'DISMISS' }
  /** The page is done with the outcome (the request failed, or it came back): ready for another. */
  | { readonly type: 'RESET' };

const GROUPS: readonly StoreGroup[] = ['web', 'apple', 'google'];

function groupsWith(counts: EligibleCounts): StoreGroup[] {
  return GROUPS.filter((group) => counts[group] > 0);
}

/**
 * The dialog's buttons for these eligible subscriptions: Web, Apple and Google each only when a
 * subscription of that store is eligible (an Apple button without an Apple subscription would lead
 * nowhere, and so would Web without a web one: docs/decisions/0178-choice-dialog.md), and All always.
 */
export function choicesFor(counts: EligibleCounts): CancelRefundChoice[] {
  return [...groupsWith(counts), 'all'];
}

function outcomeOf(choice: CancelRefundChoice): CancelRefundOutcome {
  switch (choice) {
    case 'apple':
    case 'google':
      return { kind: 'store', store: choice };
    case 'web':
      return { kind: 'request', type: 'web' };
    case 'all':
      return { kind: 'request', type: 'all' };
  }
}

/** With eligible subscriptions in one store only, there is nothing to ask: the one way to go. */
function directOutcome(counts: EligibleCounts): CancelRefundOutcome | undefined {
  const [only, ...others] = groupsWith(counts);
  return only !== undefined && others.length === 0 ? outcomeOf(only) : undefined;
}

/**
 * The cancel / refund choice (help centre): the request button either goes straight to the one
 * possible outcome (eligible subscriptions in a single store) or opens the dialog that asks Web,
 * Apple, Google or All (subscriptions in more than one store). With nothing eligible the button does
 * nothing (it is disabled too). `decided` holds the outcome until the page sends RESET.
 */
export const cancelRefundChoiceMachine = setup({
  types: {
    context: {} as CancelRefundChoiceContext,
    events: {} as CancelRefundChoiceEvent,
    input: {} as { readonly counts: EligibleCounts },
  },
  guards: {
    nothingEligible: ({ context }) => groupsWith(context.counts).length === 0,
    oneStore: ({ context }) => directOutcome(context.counts) !== undefined,
    isOffered: ({ context, event }) => event.type === 'CHOOSE' && context.choices.includes(event.choice),
  },
}).createMachine({
  id: 'cancelRefundChoice',
  context: ({ input }) => ({ counts: input.counts, choices: choicesFor(input.counts), outcome: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        REQUEST: [
          { guard: 'nothingEligible' },
          { guard: 'oneStore', target: 'decided', actions: assign({ outcome: ({ context }) => directOutcome(context.counts) }) },
          { target: 'choosing' },
        ],
      },
    },
    choosing: {
      on: {
        CHOOSE: {
          guard: 'isOffered',
          target: 'decided',
          actions: assign({ outcome: ({ event }) => outcomeOf(event.choice) }),
        },
        DISMISS: 'idle',
      },
    },
    decided: {
      on: { RESET: { target: 'idle', actions: assign({ outcome: undefined }) } },
    },
  },
});
