import type Stripe from 'stripe';
import type { Queryable } from '../db/database';
import { renderObject } from './render-object';
import { stripeId } from './stripe-id';
import type { StoredEvent } from './stripe-objects';
import type { StripeStore } from './stripe-store';

/** The API version events are rendered in (the SDK's default, STRIPE.md 1.1). */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export interface EventInput {
  readonly type: Stripe.Event.Type;
  readonly object: unknown;
  readonly previousAttributes?: Readonly<Record<string, unknown>>;
  readonly request: { readonly id: string | null; readonly idempotencyKey: string | null };
  /** Unix seconds: the wall clock, or the test clock's time for objects living on one. */
  readonly created: number;
}

/**
 * Stores an event with the object as Stripe would send it (no expansion, includable fields left out)
 * and queues one delivery per enabled webhook endpoint listening for its type, in the caller's
 * transaction, so an event exists exactly when the change it reports does.
 */
export async function recordEvent(db: Queryable, store: StripeStore, input: EventInput): Promise<StoredEvent> {
  const object = await renderObject(store, input.object, []);
  const endpoints = (await store.all('webhook_endpoint')).filter(
    (endpoint) => endpoint.status === 'enabled' && (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(input.type)),
  );
  const event: StoredEvent = {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created: input.created,
    data: {
      object: isRecord(object) ? object : {},
      ...(input.previousAttributes === undefined ? {} : { previous_attributes: input.previousAttributes }),
    },
    livemode: false,
    pending_webhooks: endpoints.length,
    request: { id: input.request.id, idempotency_key: input.request.idempotencyKey },
    type: input.type,
  };
  await store.put('event', event);
  for (const endpoint of endpoints) {
    await db.query('insert into stripe.webhook_deliveries (event_id, endpoint_id) values ($1, $2)', [event.id, endpoint.id]);
  }
  return event;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
