import type Stripe from 'stripe';
import type { StripeParams } from './stripe-params';
import type { StripeStore } from './stripe-store';

/** What authenticated a request: the secret key, or (browser routes only) the publishable key. */
export type StripeCaller = 'secret' | 'publishable';

/** An answer before it is written: Stripe's status and JSON body. */
export interface StripeAnswer {
  readonly status: number;
  readonly body: unknown;
}

/**
 * What changing state needs, from a request or from a test clock advancing: the store inside the
 * current transaction, the time (wall clock, or the clock's frozen time) and event recording.
 */
export interface StripeOps {
  readonly store: StripeStore;
  now(): number;
  emit(type: Stripe.Event.Type, object: unknown, previousAttributes?: Readonly<Record<string, unknown>>): Promise<void>;
}

/** One request's view of the emulator: its parameters, the store inside its transaction, events. */
export interface StripeContext extends StripeOps {
  readonly params: StripeParams;
  /** `expand[]` as sent. */
  readonly expand: readonly string[];
  readonly caller: StripeCaller;
  /** Path parameters (`:id`). */
  readonly path: Readonly<Record<string, string>>;
  readonly store: StripeStore;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  /** Wall-clock Unix seconds (objects on a test clock use the clock's time instead; see clockTime). */
  now(): number;
  /** Records an event (and its pending deliveries) in this request's transaction. */
  emit(type: Stripe.Event.Type, object: unknown, previousAttributes?: Readonly<Record<string, unknown>>): Promise<void>;
  /** Renders an object with this request's `expand[]`. */
  render(value: unknown): Promise<unknown>;
}

export type StripeHandler = (context: StripeContext) => Promise<StripeAnswer>;
