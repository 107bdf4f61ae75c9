import { z } from 'zod';
import { ConversionsApiError, META_GRAPH_API_URL, META_GRAPH_API_VERSION, createConversionsApiClient } from '../_shared/conversions-api-client.ts';
import type { ConversionsApiEvent } from '../_shared/conversions-api-client.ts';
import type Stripe from 'stripe';
import type { FunctionDeps, FunctionHandler } from '../_shared/function-handler.ts';
import { functionError, readBody } from '../_shared/function-response.ts';
import { MetaUserDataError, normalizeAndHash, normalizeUserField } from '../_shared/meta-user-data.ts';
import type { HashedUserField } from '../_shared/meta-user-data.ts';
import { majorUnits } from '../_shared/major-units.ts';
import { isOwnCustomer } from '../_shared/stripe-customer.ts';
import { isMissingResource } from '../_shared/stripe-error-response.ts';

/** Postgres' unique violation, as PostgREST passes it on. */
const UNIQUE_VIOLATION = '23505';

/**
 * The server events the product sends (docs/decisions/0184-meta-events-where.md): the same
 * three whose pixel requests also go to the tracking-events API. A closed list, so a caller cannot
 * put arbitrary events into the ad account under the product's token.
 */
export const SERVER_EVENT_NAMES = ['CompleteRegistration', 'InitiateCheckout', 'Purchase'] as const;

const optionalText = z.string().trim().max(500).nullish();

/** The spec's fields (onboarding-signup.md section 7, "Server-side event"). */
const body = z.object({
  currency: z.string().regex(/^[a-zA-Z]{3}$/, 'a three-letter currency code').nullish(),
  eventId: z.string().trim().min(1).max(200),
  eventName: z.enum(SERVER_EVENT_NAMES),
  eventSourceUrl: z.url(),
  fbc: optionalText,
  fbcFromCookie: optionalText,
  fbcFromLocalStorage: optionalText,
  fbp: optionalText,
  pixelId: z.string().trim().min(1),
  userCity: optionalText,
  userCountryCode: optionalText,
  userEmail: optionalText,
  userId: optionalText,
  userZipCode: optionalText,
  // Sent by the app as the spec lists them, and not trusted: the value comes from the caller's own
  // subscription or payment (ownValue).
  value: z.number().nonnegative().nullish(),
  planPrice: z.number().nonnegative().nullish(),
});

interface EventValue {
  readonly value: number;
  readonly currency: string;
}

/**
 * What the event is worth, read from the caller's own Stripe objects the event id names (the ids the
 * app uses): `checkout-<subscription id>` for InitiateCheckout (its first invoice's subtotal, as the
 * pixel's copy), the PaymentIntent id for Purchase (what it took). A Response when the id is not the
 * caller's or nothing was paid; undefined for CompleteRegistration, which has no value and whose id is
 * `registration-<caller's id>`.
 */
async function ownValue(stripe: Stripe, deps: Pick<FunctionDeps, 'db' | 'user'>, eventName: (typeof SERVER_EVENT_NAMES)[number], eventId: string): Promise<EventValue | Response | undefined> {
  if (eventName === 'CompleteRegistration') {
    return eventId === `registration-${deps.user.id}` ? undefined : functionError(403, 'not_caller', 'eventId must be the caller’s registration');
  }
  const notFound = functionError(404, eventName === 'Purchase' ? 'no_purchase' : 'no_checkout', `${eventId} is not a ${eventName === 'Purchase' ? 'payment' : 'checkout'} of yours`);
  const subscriptionId = eventName === 'InitiateCheckout' ? /^checkout-(sub_\w+)$/.exec(eventId)?.[1] : undefined;
  if (eventName === 'InitiateCheckout' && subscriptionId === undefined) return notFound;
  try {
    if (subscriptionId !== undefined) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
      const invoice = subscription.latest_invoice;
      if (!(await isOwnCustomer(stripe, deps.db, deps.user, subscription.customer)) || invoice === null || typeof invoice === 'string') return notFound;
      return { value: majorUnits(invoice.subtotal, invoice.currency), currency: invoice.currency };
    }
    const intent = await stripe.paymentIntents.retrieve(eventId);
    if (!(await isOwnCustomer(stripe, deps.db, deps.user, intent.customer))) return notFound;
    if (intent.status !== 'succeeded') return functionError(409, 'no_purchase', `${eventId} has not been paid`);
    return { value: majorUnits(intent.amount_received, intent.currency), currency: intent.currency };
  } catch (error) {
    if (isMissingResource(error)) return notFound;
    throw error;
  }
}

const firstNonEmpty = (...values: readonly (string | null | undefined)[]): string | undefined =>
  values.find((value): value is string => value !== null && value !== undefined && value !== '');

/**
 * track-event: sends one event of the caller to Meta's Conversions API, deduplicated with the browser
 * pixel's copy by `eventId`. City, country, e-mail and zip are normalised and SHA-256 hashed as Meta
 * requires (`_shared/meta-user-data.ts`); the e-mail and user id are always the caller's own (a body
 * naming anyone else is refused, 403 `not_caller`). A value Meta would refuse (an unknown country
 * code) is left out and named in `skippedFields`; Meta's errors are logged and answered as 502
 * `conversions_api_failed`, which the app reports. InitiateCheckout and Purchase carry the value of
 * the caller's own checkout or payment, whatever the body says (ownValue), and each event id is sent
 * once (public.server_event_sends): a repeat answers `duplicate: true` and sends nothing.
 */
export const handler: FunctionHandler = async (request, { user, env, fetch, stripe, db, serviceDb }) => {
  const parsed = await readBody(request, body);
  if (parsed instanceof Response) return parsed;

  if (parsed.userId !== null && parsed.userId !== undefined && parsed.userId !== '' && parsed.userId !== user.id) {
    return functionError(403, 'not_caller', 'userId must be the signed-in user');
  }
  const callerEmail = user.email === null ? undefined : normalizeEmailOrUndefined(user.email);
  const claimedEmail = parsed.userEmail === null || parsed.userEmail === undefined || parsed.userEmail === '' ? undefined : normalizeEmailOrUndefined(parsed.userEmail);
  if (parsed.userEmail !== null && parsed.userEmail !== undefined && parsed.userEmail !== '' && claimedEmail !== callerEmail) {
    return functionError(403, 'not_caller', 'userEmail must be the signed-in user’s address');
  }

  const pixelId = env('META_PIXEL_ID');
  const accessToken = env('META_ACCESS_TOKEN');
  if (pixelId === undefined || pixelId === '' || accessToken === undefined || accessToken === '') {
    console.error('track-event: META_PIXEL_ID and META_ACCESS_TOKEN must be set');
    return functionError(500, 'not_configured', 'The Conversions API is not configured');
  }
  if (parsed.pixelId !== pixelId) return functionError(400, 'unknown_pixel', 'pixelId is not this product’s pixel');
  if (serviceDb === undefined) throw new Error('track-event needs the service role (needsServiceRole)');
  const worth = await ownValue(stripe, { db, user }, parsed.eventName, parsed.eventId);
  if (worth instanceof Response) return worth;

  const skippedFields: HashedUserField[] = [];
  const hashed = async (field: HashedUserField, value: string | null | undefined): Promise<Record<string, readonly string[]>> => {
    try {
      const hash = await normalizeAndHash(field, value);
      return hash === undefined ? {} : { [field]: [hash] };
    } catch (error) {
      if (!(error instanceof MetaUserDataError)) throw error;
      skippedFields.push(field);
      return {};
    }
  };

  const fbc = firstNonEmpty(parsed.fbc, parsed.fbcFromCookie, parsed.fbcFromLocalStorage);
  const userAgent = request.headers.get('user-agent') ?? undefined;
  // Supabase's edge (and any proxy) puts the visitor first in X-Forwarded-For.
  const clientIp = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ?? undefined;
  const event: ConversionsApiEvent = {
    event_name: parsed.eventName,
    event_time: Math.floor(Date.now() / 1000),
    event_id: parsed.eventId,
    event_source_url: parsed.eventSourceUrl,
    action_source: 'website',
    user_data: {
      ...(await hashed('em', callerEmail)),
      ...(await hashed('ct', parsed.userCity)),
      ...(await hashed('country', parsed.userCountryCode)),
      ...(await hashed('zp', parsed.userZipCode)),
      // Not hashed, as Meta's SDK sends it (WIRE.md); it is an opaque id, not contact information.
      external_id: [user.id],
      ...(clientIp === undefined || clientIp === '' ? {} : { client_ip_address: clientIp }),
      ...(userAgent === undefined ? {} : { client_user_agent: userAgent }),
      ...(fbc === undefined ? {} : { fbc }),
      ...(parsed.fbp === null || parsed.fbp === undefined || parsed.fbp === '' ? {} : { fbp: parsed.fbp }),
    },
    custom_data: worth === undefined ? {} : { value: worth.value, currency: worth.currency.toUpperCase(), plan_price: worth.value },
  };
  if (skippedFields.length > 0) console.warn(`track-event: left out values Meta would refuse: ${skippedFields.join(', ')}`);

  const client = createConversionsApiClient({
    graphApiUrl: env('META_GRAPH_API_URL') ?? META_GRAPH_API_URL,
    apiVersion: env('META_GRAPH_API_VERSION') ?? META_GRAPH_API_VERSION,
    pixelId,
    accessToken,
    testEventCode: env('META_TEST_EVENT_CODE'),
    fetch,
  });
  // Claimed before sending, so concurrent calls with one id send it once. A send Meta refuses keeps its
  // claim: the pixel's copy of the event (same id) still counts.
  const { error: claimError } = await serviceDb.from('server_event_sends').insert({ event_id: parsed.eventId, user_id: user.id, event_name: parsed.eventName });
  if (claimError !== null && claimError.code === UNIQUE_VIOLATION) return Response.json({ data: { eventId: parsed.eventId, duplicate: true } });
  if (claimError !== null) throw new Error(`Claiming event ${parsed.eventId} failed: ${claimError.message}`);
  try {
    const result = await client.send([event]);
    return Response.json({ data: { eventId: parsed.eventId, eventsReceived: result.events_received, fbtraceId: result.fbtrace_id ?? null, skippedFields } });
  } catch (error) {
    if (!(error instanceof ConversionsApiError)) throw error;
    console.error(`track-event: ${parsed.eventName} ${parsed.eventId} not sent`, error.message);
    return functionError(502, 'conversions_api_failed', error.message);
  }
};

function normalizeEmailOrUndefined(email: string): string | undefined {
  try {
    return normalizeUserField('em', email);
  } catch {
    return undefined;
  }
}

export const needsServiceRole = true;
