import { createHash } from 'node:crypto';
import { FunctionsHttpError, createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import { payLatestInvoice } from '../support/pay-latest-invoice';
import { captureFunctionLog } from './support/function-log';
import { signedUpUsers } from './support/signed-up-users';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface DevEvents {
  readonly pixelEvents: { event_name: string; event_id: string | null; pixel_id: string; params: Record<string, string> }[];
  readonly serverEvents: { event_name: string; event_id: string | null; pixel_id: string; event: ServerEvent }[];
  readonly trackingEvents: { event_name: string | null; params: Record<string, string> }[];
}

interface ServerEvent {
  readonly event_name: string;
  readonly event_time: number;
  readonly event_id: string;
  readonly event_source_url: string;
  readonly action_source: string;
  readonly user_data: Record<string, unknown>;
  readonly custom_data: Record<string, unknown>;
}

async function call(client: SupabaseClient, body: Record<string, unknown>, name = 'track-event', headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const { data, error, response } = await client.functions.invoke(name, { body, headers });
  if (error instanceof FunctionsHttpError) {
    const answer: Response = error.context;
    return { status: answer.status, body: await answer.json() };
  }
  if (error !== null) throw error;
  return { status: response?.status ?? 0, body: data };
}

// track-event against the in-process stack (its Conversions API emulator), the /meta/tr and
// tracking-events sinks, and the emulator's own checks: what issue 10 section 6 asks the server side to do.
describe('Meta tracking on the local stack', () => {
  let server: TestServer;

  const user = signedUpUsers(() => server);

  const devEvents = async (): Promise<DevEvents> => (await (await fetch(`${server.url}/_dev/pixel/events.json`)).json()) as DevEvents;
  const graph = (body: unknown, pixelId = server.config.metaPixelId) =>
    fetch(`${server.url}/meta/graph/v24.0/${pixelId}/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server = await startTestServer();
    stripe = createStripeClient({ secretKey: server.config.stripeApiKey, apiUrl: server.url });
    const [price] = (await stripe.prices.list({ lookup_keys: ['w-intro'], active: true })).data;
    if (price === undefined) throw new Error('the seeded catalogue has no w-intro price');
    weeklyIntroId = price.id;
  });
  afterAll(() => server.close());

  let stripe: Stripe;
  let weeklyIntroId: string;

  /** A checkout of the user's, as the plans page starts it (w-intro in SEK: 33.99). */
  async function checkout(client: SupabaseClient): Promise<string> {
    const answer = await call(client, { priceId: weeklyIntroId, currency: 'sek' }, 'create-stripe-subscription');
    expect(answer.status).toBe(200);
    return (answer.body as { data: { subscriptionId: string } }).data.subscriptionId;
  }

  /** Pays the checkout; answers its PaymentIntent id, the Purchase event's id. */
  async function paidCheckout(client: SupabaseClient): Promise<string> {
    const intent = await payLatestInvoice(stripe, await checkout(client));
    expect(intent.status).toBe('succeeded');
    return intent.id;
  }

  it('track-event sends the caller’s event with Meta-normalised, hashed user data to the Conversions API', async () => {
    const { client, id } = await user('Track.Me@Example.com');
    const paymentIntentId = await paidCheckout(client);
    const answer = await call(client, {
      eventName: 'Purchase',
      eventId: paymentIntentId,
      eventSourceUrl: 'http://localhost/checkout/payment-completion?subscription_id=sub_1',
      pixelId: server.config.metaPixelId,
      currency: 'sek',
      value: 721.5,
      planPrice: 99.9,
      userCity: 'Malmö 2',
      userCountryCode: 'SE',
      userZipCode: '211 19',
      userEmail: ' track.me@example.com ',
      userId: id,
      fbp: 'fb.1.1700000000000.123456789',
      fbc: '',
      fbcFromCookie: 'fb.1.1700000000000.IwAR-cookie',
      fbcFromLocalStorage: 'fb.1.1700000000000.IwAR-stored',
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { eventId: paymentIntentId, eventsReceived: 1, skippedFields: [] } } });

    const { serverEvents } = await devEvents();
    const sent = serverEvents.find((row) => row.event_id === paymentIntentId);
    expect(sent?.pixel_id).toBe(server.config.metaPixelId);
    expect(sent?.event).toMatchObject({
      event_name: 'Purchase',
      event_id: paymentIntentId,
      action_source: 'website',
      event_source_url: 'http://localhost/checkout/payment-completion?subscription_id=sub_1',
      user_data: {
        em: [sha256('track.me@example.com')],
        ct: [sha256('malmö')],
        country: [sha256('se')],
        zp: [sha256('21119')],
        external_id: [id],
        fbp: 'fb.1.1700000000000.123456789',
        // The cookie Meta's own script set wins over the copy kept from the landing URL.
        fbc: 'fb.1.1700000000000.IwAR-cookie',
        client_user_agent: expect.any(String),
      },
      // What the caller paid, not what the body said.
      custom_data: { value: 33.99, currency: 'SEK', plan_price: 33.99 },
    });
    expect(Math.abs((sent?.event.event_time ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    // Nothing readable about the person reached Meta.
    expect(JSON.stringify(serverEvents).toLowerCase()).not.toContain('track.me@example.com');
    expect(JSON.stringify(serverEvents)).not.toContain('Malmö');
  });

  it('uses the stored fbc when there is no cookie, and leaves out a country Meta would refuse', async () => {
    const { client, id } = await user('stored-fbc@example.com');
    const answer = await call(client, {
      eventName: 'CompleteRegistration',
      eventId: `registration-${id}`,
      eventSourceUrl: 'http://localhost/sign-up/email',
      pixelId: server.config.metaPixelId,
      userCountryCode: 'Sweden',
      fbcFromLocalStorage: 'fb.1.1700000000000.IwAR-stored',
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { skippedFields: ['country'] } } });
    const sent = (await devEvents()).serverEvents.find((row) => row.event_id === `registration-${id}`);
    expect(sent?.event.user_data).toMatchObject({ em: [sha256('stored-fbc@example.com')], fbc: 'fb.1.1700000000000.IwAR-stored' });
    expect(sent?.event.user_data).not.toHaveProperty('country');
  });

  it('acts only for the caller: another user id or e-mail is refused, and a visitor without a session is not let in', async () => {
    const { client } = await user('caller@example.com');
    const other = await user('someone-else@example.com');
    const base = { eventName: 'InitiateCheckout', eventId: 'ic-1', eventSourceUrl: 'http://localhost/checkout/plans', pixelId: server.config.metaPixelId };
    expect(await call(client, { ...base, userId: other.id })).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(await call(client, { ...base, userEmail: 'someone-else@example.com' })).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    const anonymous = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false } });
    expect((await call(anonymous, base)).status).toBe(401);
    expect(await call(client, { ...base, pixelId: '999' })).toMatchObject({ status: 400, body: { error: 'unknown_pixel' } });
    expect(await call(client, { ...base, eventName: 'Lead' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect((await devEvents()).serverEvents.some((row) => row.event_id === 'ic-1')).toBe(false);
  });

  it('Purchase and InitiateCheckout carry the value of the caller\'s own checkout or payment, once per event id', async () => {
    const { client } = await user('value@example.com');
    const other = await user('value-other@example.com');
    const base = { eventSourceUrl: 'http://localhost/checkout/payment-completion', pixelId: server.config.metaPixelId, currency: 'eur', value: 999999.99, planPrice: 999999.99 };
    const sentWith = async (eventId: string) => (await devEvents()).serverEvents.filter((row) => row.event_id === eventId);

    // Never paid: no Purchase, whatever value the body claims.
    expect(await call(client, { ...base, eventName: 'Purchase', eventId: 'pi_made_up' })).toMatchObject({ status: 404, body: { error: 'no_purchase' } });
    const pending = await checkout(client);
    const [pendingInvoice] = (await stripe.invoices.list({ subscription: pending, expand: ['data.payments'] })).data;
    const pendingIntent = pendingInvoice?.payments?.data[0]?.payment.payment_intent;
    const unpaid = typeof pendingIntent === 'string' ? pendingIntent : (pendingIntent?.id ?? '');
    expect(await call(client, { ...base, eventName: 'Purchase', eventId: unpaid })).toMatchObject({ status: 409, body: { error: 'no_purchase' } });
    const othersPayment = await paidCheckout(other.client);
    expect(await call(client, { ...base, eventName: 'Purchase', eventId: othersPayment })).toMatchObject({ status: 404, body: { error: 'no_purchase' } });
    expect(await call(client, { ...base, eventName: 'InitiateCheckout', eventId: 'checkout-sub_made_up' })).toMatchObject({ status: 404, body: { error: 'no_checkout' } });
    expect(await call(client, { ...base, eventName: 'CompleteRegistration', eventId: `registration-${other.id}` })).toMatchObject({ status: 403, body: { error: 'not_caller' } });
    expect(await sentWith(othersPayment)).toEqual([]);

    // The caller's own checkout: its value; three tabs at once send it once.
    const checkoutEvent = `checkout-${pending}`;
    const answers = await Promise.all([0, 1, 2].map(() => call(client, { ...base, eventName: 'InitiateCheckout', eventId: checkoutEvent })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => (answer.body as { data: { duplicate?: boolean } }).data.duplicate === true)).toHaveLength(2);
    const checkouts = await sentWith(checkoutEvent);
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]?.event.custom_data).toEqual({ value: 33.99, currency: 'SEK', plan_price: 33.99 });

    const paid = await paidCheckout(client);
    expect((await call(client, { ...base, eventName: 'Purchase', eventId: paid })).status).toBe(200);
    expect(await call(client, { ...base, eventName: 'Purchase', eventId: paid })).toMatchObject({ status: 200, body: { data: { duplicate: true } } });
    const purchases = await sentWith(paid);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.event.custom_data).toEqual({ value: 33.99, currency: 'SEK', plan_price: 33.99 });
  });

  it('reports a Conversions API error and answers 502', async () => {
    const { client, id } = await user('refused@example.com');
    const logged = captureFunctionLog(server);
    try {
      // Meta refuses a website event without the visitor's user agent: the function passes the refusal on.
      const body = { eventName: 'CompleteRegistration', eventId: `registration-${id}`, eventSourceUrl: 'http://localhost/x', pixelId: server.config.metaPixelId };
      const answer = await call(client, body, 'track-event', { 'User-Agent': '' });
      expect(answer).toMatchObject({ status: 502, body: { error: 'conversions_api_failed', message: expect.stringContaining('client_user_agent') } });
      expect(logged.text()).toContain(`track-event: CompleteRegistration registration-${id} not sent`);
    } finally {
      logged.restore();
    }
  });

  it('the Conversions API emulator checks the token, the pixel, event_time, action_source and hashing as Meta does', async () => {
    const now = Math.floor(Date.now() / 1000);
    const event = { event_name: 'Lead', event_time: now, event_id: 'e1', event_source_url: 'http://x/', action_source: 'website', user_data: { client_user_agent: 'ua', em: [sha256('a@b.co')] } };
    const token = server.config.metaAccessToken;
    const ok = await graph({ data: [event], access_token: token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ events_received: 1, messages: [], fbtrace_id: expect.any(String) });
    // The token in the query string works too.
    const inQuery = await fetch(`${server.url}/meta/graph/v24.0/${server.config.metaPixelId}/events?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [event] }),
    });
    expect(inQuery.status).toBe(200);
    const refusals: [unknown, number][] = [
      [{ data: [event], access_token: 'wrong' }, 190],
      [{ data: [event] }, 190],
      [{ data: [{ ...event, event_time: now * 1000 }], access_token: token }, 100],
      [{ data: [{ ...event, event_time: now - 8 * 86400 }], access_token: token }, 100],
      [{ data: [{ ...event, action_source: undefined }], access_token: token }, 100],
      [{ data: [{ ...event, user_data: { em: [sha256('a@b.co')] } }], access_token: token }, 100],
      [{ data: [{ ...event, user_data: { client_user_agent: 'ua', em: ['a@b.co'] } }], access_token: token }, 100],
    ];
    for (const [body, code] of refusals) {
      const answer = await graph(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(await answer.json()).toMatchObject({ error: { type: 'OAuthException', code } });
    }
    expect((await graph({ data: [event], access_token: token }, '42')).status).toBe(400);
  });

  it('records the pixel’s /tr requests and the tracking-events uploads', async () => {
    const query = 'id=1234567890123456&ev=CompleteRegistration&dl=http%3A%2F%2Flocalhost%2F&eid=reg-1&fbp=fb.1.1.2';
    const gif = await fetch(`${server.url}/meta/tr/?${query}`);
    expect(gif.status).toBe(200);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect((await fetch(`${server.url}/meta/tr?ev=PageView`)).status).toBe(400);

    const upload = await fetch(`${server.url}/api/v1/sherlock/tracking_events.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(new URLSearchParams(query))),
    });
    expect(upload.status).toBe(201);
    const nested = await fetch(`${server.url}/api/v1/sherlock/tracking_events.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ev: 'Purchase', cd: { value: 1 } }),
    });
    expect(nested.status).toBe(400);

    const { pixelEvents, trackingEvents } = await devEvents();
    expect(pixelEvents[0]).toMatchObject({ event_name: 'CompleteRegistration', event_id: 'reg-1', pixel_id: '1234567890123456', params: { dl: 'http://localhost/', fbp: 'fb.1.1.2' } });
    expect(trackingEvents[0]).toMatchObject({ event_name: 'CompleteRegistration', params: { id: '1234567890123456', eid: 'reg-1' } });
    const page = await (await fetch(`${server.url}/_dev/pixel`)).text();
    expect(page).toContain('reg-1');

    const script = await fetch(`${server.url}/meta/fbevents.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('callMethod');
  });

  it('events.json?event_id= finds an event however many page views other visitors sent after it', async () => {
    const pixelRequest = (params: Record<string, string>) => fetch(`${server.url}/meta/tr?${new URLSearchParams({ id: '1234567890123456', ...params }).toString()}`);
    for (const eid of ['pi_old', 'pi_older']) {
      expect((await pixelRequest({ ev: 'Purchase', eid })).status).toBe(200);
      const copy = await fetch(`${server.url}/api/v1/sherlock/tracking_events.json`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: '1234567890123456', ev: 'Purchase', eid }) });
      expect(copy.status).toBe(201);
    }
    // More than the page's 100 newest rows.
    for (let view = 0; view < 101; view += 1) await pixelRequest({ ev: 'PageView' });
    expect((await devEvents()).pixelEvents.some((row) => row.event_id === 'pi_old')).toBe(false);

    const filtered = (await (await fetch(`${server.url}/_dev/pixel/events.json?event_id=pi_old&event_id=pi_older`)).json()) as DevEvents;
    expect(filtered.pixelEvents.map((row) => row.event_id).sort()).toEqual(['pi_old', 'pi_older']);
    expect(filtered.trackingEvents.map((row) => row.params.eid).sort()).toEqual(['pi_old', 'pi_older']);
    expect(filtered.serverEvents).toEqual([]);
  });
});
