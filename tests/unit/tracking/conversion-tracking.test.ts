import { describe, expect, it } from 'vitest';
import { META_LOCAL_PIXEL_ID as SERVER_PIXEL_ID } from '../../../server/config';
import { pixelRequestParams } from '../../../services/tracking/browser-conversion-tracking';
import { PIXEL_WAIT_MS, createConversionTracking, type ConversionTrackingDeps } from '../../../services/tracking/conversion-tracking';
import type { MetaPixel, PixelEvent } from '../../../services/tracking/meta-pixel';
import { META_FBEVENTS_URL, META_LOCAL_PIXEL_ID, metaPixelSettings } from '../../../services/tracking/meta-pixel-settings';

function harness(overrides: Partial<ConversionTrackingDeps> & { pixelLoaded?: boolean } = {}) {
  const pixelEvents: PixelEvent[] = [];
  const serverEvents: Record<string, unknown>[] = [];
  const uploads: Record<string, string>[] = [];
  const errors: unknown[] = [];
  const netRequests: unknown[] = [];
  const claimed = new Set<string>();
  let loads = 0;
  let onRequest: ((params: Readonly<Record<string, string>>) => void) | undefined;
  const loaded = overrides.pixelLoaded === false ? Promise.reject(new Error('Meta pixel not loaded')) : Promise.resolve();
  loaded.catch(() => undefined);
  const consents: boolean[] = [];
  let cookiesDeleted = 0;
  const pixel: MetaPixel = {
    loaded,
    track: (event) => {
      pixelEvents.push(event);
      return loaded;
    },
    consent: (granted) => void consents.push(granted),
  };
  const tracking = createConversionTracking({
    pixelId: '42',
    loadPixel: async () => {
      loads += 1;
      return pixel;
    },
    observePixelRequests: (callback) => (onRequest = callback),
    postTrackingEvent: async (params) => void uploads.push({ ...params }),
    sendServerEvent: async (body) => void serverEvents.push({ ...body }),
    location: () => Promise.resolve({ city: 'Stockholm', countryCode: 'SE', currency: 'sek', zipCode: '111 22' }),
    cookies: () => ({ fbp: 'fb.1.1.99', fbc: undefined }),
    deleteCookies: () => void (cookiesDeleted += 1),
    storedFbc: () => 'fb.1.1.IwAR-stored',
    pageUrl: () => 'http://shop/checkout/payment-completion?subscription_id=sub_1',
    purchaseValue: async () => ({ value: 744.02, currency: 'sek' }),
    // The server's once-only mark: the first claim of a user wins.
    claimRegistration: async (userId) => {
      if (claimed.has(userId)) return false;
      claimed.add(userId);
      return true;
    },
    paymentMethodType: async (id) => (id === 'pm_paypal' ? 'paypal' : 'card'),
    netAmount: async (request) => {
      netRequests.push(request);
      return 7657;
    },
    reportError: (error) => void errors.push(error),
    delay: () => new Promise(() => undefined),
    ...overrides,
  });
  return {
    tracking,
    pixelEvents,
    serverEvents,
    uploads,
    errors,
    netRequests,
    consents,
    cookiesDeleted: () => cookiesDeleted,
    loads: () => loads,
    request: (params: Record<string, string>) => onRequest?.(params),
  };
}

describe('withdrawn consent (cookie settings)', () => {
  it('revokes the loaded pixel, deletes its cookies and sends no pixel event until it is started again, which grants it', async () => {
    const { tracking, pixelEvents, consents, cookiesDeleted, loads } = harness();
    tracking.start();
    await Promise.resolve();
    tracking.revoke();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(consents).toEqual([false]);
    expect(cookiesDeleted()).toBe(1);
    await tracking.initiateCheckout({ subscriptionId: 'sub_1', amount: 299, currency: 'eur', plan: 'weekly' });
    expect(pixelEvents).toEqual([]);

    tracking.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(consents).toEqual([false, true]);
    await tracking.initiateCheckout({ subscriptionId: 'sub_2', amount: 299, currency: 'eur', plan: 'weekly' });
    expect(pixelEvents.map((event) => event.name)).toEqual(['InitiateCheckout']);
    // One library load in all: revoking and granting switch the same pixel.
    expect(loads()).toBe(1);
  });

  it('revoking a pixel that never loaded loads nothing and only deletes the cookies', async () => {
    const { tracking, consents, cookiesDeleted, loads } = harness();
    tracking.revoke();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([consents, cookiesDeleted(), loads()]).toEqual([[], 1, 0]);
  });
});

describe('conversion tracking', () => {
  it('sends Purchase (64.98 x fx) and purchase_2 (the net amount) to the pixel and Purchase to track-event, all with the PaymentIntent id', async () => {
    const { tracking, pixelEvents, serverEvents, errors, netRequests } = harness();
    await tracking.purchase({ subscriptionId: 'sub_1', paymentIntentId: 'pi_1', amount: 9999, currency: 'sek', plan: 'weekly', paymentMethodId: 'pm_paypal' });
    // The net amount of what was charged, in the visitor's country, for the type of the method that paid.
    expect(netRequests).toEqual([{ countryCode: 'SE', currency: 'sek', grossAmount: 9999, paymentMethodType: 'paypal' }]);
    expect(pixelEvents).toEqual([
      { name: 'Purchase', eventId: 'pi_1', data: { value: 744.02, currency: 'SEK', content_name: 'weekly' } },
      { name: 'purchase_2', custom: true, eventId: 'pi_1', data: { value: 76.57, currency: 'SEK' } },
    ]);
    expect(serverEvents).toEqual([
      {
        eventName: 'Purchase',
        eventId: 'pi_1',
        value: 744.02,
        currency: 'SEK',
        planPrice: 99.99,
        eventSourceUrl: 'http://shop/checkout/payment-completion?subscription_id=sub_1',
        pixelId: '42',
        // No _fbc cookie: the stored click id travels as fbc.
        fbc: 'fb.1.1.IwAR-stored',
        fbcFromCookie: null,
        fbcFromLocalStorage: 'fb.1.1.IwAR-stored',
        fbp: 'fb.1.1.99',
        userCity: 'Stockholm',
        userCountryCode: 'SE',
        userZipCode: '111 22',
      },
    ]);
    expect(errors).toEqual([]);
  });

  it('CompleteRegistration and InitiateCheckout share their event id between pixel and server, with the caller’s id and e-mail', async () => {
    const { tracking, pixelEvents, serverEvents } = harness({ cookies: () => ({ fbp: undefined, fbc: 'fb.1.1.IwAR-cookie' }) });
    await tracking.completeRegistration({ userId: 'u1', email: 'ann@example.com' });
    await tracking.initiateCheckout({ subscriptionId: 'sub_9', amount: 299, currency: 'eur', plan: 'yearly' });
    expect(pixelEvents).toEqual([
      { name: 'CompleteRegistration', eventId: 'registration-u1' },
      { name: 'InitiateCheckout', eventId: 'checkout-sub_9', data: { value: 2.99, currency: 'EUR', content_name: 'yearly' } },
    ]);
    expect(serverEvents[0]).toMatchObject({ eventName: 'CompleteRegistration', eventId: 'registration-u1', userId: 'u1', userEmail: 'ann@example.com', fbc: 'fb.1.1.IwAR-cookie', fbp: null });
    expect(serverEvents[1]).toMatchObject({ eventName: 'InitiateCheckout', eventId: 'checkout-sub_9', value: 2.99, currency: 'EUR', planPrice: 2.99 });
    // Stripe states yen in whole yen (no minor unit).
    await tracking.initiateCheckout({ subscriptionId: 'sub_jp', amount: 489, currency: 'jpy', plan: 'weekly' });
    expect(pixelEvents[2]?.data).toMatchObject({ value: 489, currency: 'JPY' });
  });

  it('posts the observed pixel requests of the three conversions (and only those) to the tracking-events API', () => {
    const params = { id: '42', ev: 'Purchase', eid: 'pi_1', fbp: 'fb.1.1.99', 'cd[value]': '744.02' };
    const observed = harness();
    observed.tracking.start();
    observed.tracking.start();
    observed.request(params);
    observed.request({ ...params, ev: 'PageView' });
    observed.request({ ...params, ev: 'purchase_2' });
    observed.request({ ...params, id: 'another-pixel' });
    for (const ev of ['CompleteRegistration', 'InitiateCheckout']) observed.request({ ...params, ev });
    expect(observed.uploads.map((upload) => upload.ev)).toEqual(['Purchase', 'CompleteRegistration', 'InitiateCheckout']);
    expect(observed.uploads[0]).toEqual(params);
    expect(observed.loads()).toBe(1);
  });

  it('a pixel that did not load, a failed server event or purchase value: reported, never thrown, the rest still sent', async () => {
    const { tracking, serverEvents, errors } = harness({
      pixelLoaded: false,
      sendServerEvent: () => Promise.reject(new Error('track-event failed with 502')),
      purchaseValue: () => Promise.reject(new Error('fx lookup failed')),
    });
    await expect(tracking.purchase({ subscriptionId: 's', paymentIntentId: 'pi_2', amount: 500, currency: 'eur', plan: undefined, paymentMethodId: 'pm_1' })).resolves.toBeUndefined();
    await expect(tracking.completeRegistration({ userId: 'u', email: 'e@example.com' })).resolves.toBeUndefined();
    expect(errors.map(String)).toEqual(['Error: fx lookup failed', 'Error: track-event failed with 502', 'Error: track-event failed with 502']);
    expect(serverEvents).toEqual([]);
    const noChunk = harness({ loadPixel: () => Promise.reject(new Error('chunk failed')) });
    await noChunk.tracking.completeRegistration({ userId: 'u', email: 'e@example.com' });
    expect(noChunk.errors.map(String)).toEqual(['Error: chunk failed']);
    expect(noChunk.serverEvents).toHaveLength(1);
  });
});

describe('purchase: payment method type and net amount', () => {
  it('a failed payment-method type lookup is reported and asks no net amount; purchase_2 still counts, without a value', async () => {
    const { tracking, pixelEvents, errors, netRequests, serverEvents } = harness({ paymentMethodType: () => Promise.reject(new Error('Function get-stripe-payment-method-type failed with 404 (not_found)')) });
    await tracking.purchase({ subscriptionId: 'sub_1', paymentIntentId: 'pi_3', amount: 299, currency: 'eur', plan: 'weekly', paymentMethodId: 'pm_gone' });
    expect(errors.map(String)).toEqual(['Error: Payment method type lookup failed for pm_gone']);
    expect(errors[0]).toMatchObject({ cause: new Error('Function get-stripe-payment-method-type failed with 404 (not_found)') });
    expect(netRequests).toEqual([]);
    expect(pixelEvents[1]).toEqual({ name: 'purchase_2', custom: true, eventId: 'pi_3', data: { currency: 'EUR' } });
    expect(serverEvents).toHaveLength(1);
  });

  it('a PaymentIntent without a payment method is reported the same way', async () => {
    const { tracking, errors, netRequests } = harness();
    await tracking.purchase({ subscriptionId: 'sub_1', paymentIntentId: 'pi_4', amount: 299, currency: 'eur', plan: 'weekly', paymentMethodId: undefined });
    expect(errors.map(String)).toEqual(['Error: Payment method type lookup failed for (none)']);
    expect(netRequests).toEqual([]);
  });

  it('no net amount (the call failed and reported itself): purchase_2 without a value, nothing else reported', async () => {
    const { tracking, pixelEvents, errors } = harness({ netAmount: async () => undefined });
    await tracking.purchase({ subscriptionId: 'sub_1', paymentIntentId: 'pi_5', amount: 489, currency: 'jpy', plan: 'yearly', paymentMethodId: 'pm_1' });
    expect(pixelEvents[1]).toEqual({ name: 'purchase_2', custom: true, eventId: 'pi_5', data: { currency: 'JPY' } });
    expect(errors).toEqual([]);
  });
});

describe('CompleteRegistration, once per account', () => {
  it('only the first claim sends it (the sign-up tab or the confirmation link’s page, whichever is first)', async () => {
    const { tracking, pixelEvents, serverEvents } = harness();
    await tracking.completeRegistration({ userId: 'u1', email: 'ann@example.com' });
    await tracking.completeRegistration({ userId: 'u1', email: 'ann@example.com' });
    expect(pixelEvents.map((event) => event.name)).toEqual(['CompleteRegistration']);
    expect(serverEvents).toHaveLength(1);
  });

  it('a mark that cannot be written is reported and the event still goes (Meta drops a duplicate by its id)', async () => {
    const { tracking, pixelEvents, serverEvents, errors } = harness({ claimRegistration: () => Promise.reject(new Error('mark failed')) });
    await tracking.completeRegistration({ userId: 'u2', email: 'bo@example.com' });
    expect(errors.map(String)).toEqual(['Error: mark failed']);
    expect(pixelEvents).toEqual([{ name: 'CompleteRegistration', eventId: 'registration-u2' }]);
    expect(serverEvents).toHaveLength(1);
  });
});

describe('pixel settings and request parsing', () => {
  it('is the stand-in with the stack’s local pixel id unless a pixel id is configured, then Meta’s script', () => {
    expect(META_LOCAL_PIXEL_ID).toBe(SERVER_PIXEL_ID);
    expect(metaPixelSettings({}, 'http://localhost:3000')).toEqual({
      pixelId: META_LOCAL_PIXEL_ID,
      scriptUrl: 'http://localhost:3000/meta/fbevents.js',
      trackingEventsUrl: 'http://localhost:3000/api/v1/sherlock/tracking_events.json',
    });
    expect(metaPixelSettings({ VITE_META_PIXEL_ID: '987654321' }, 'http://x')).toMatchObject({ pixelId: '987654321', scriptUrl: META_FBEVENTS_URL });
    expect(() => metaPixelSettings({ VITE_META_PIXEL_ID: 'abc' }, 'http://x')).toThrow('numeric');
  });

  it('reads the parameters of Meta’s and the stand-in’s /tr requests, nothing else', () => {
    expect(pixelRequestParams('https://www.facebook.com/tr/?id=1&ev=Purchase&cd%5Bvalue%5D=1')).toEqual({ id: '1', ev: 'Purchase', 'cd[value]': '1' });
    expect(pixelRequestParams('http://localhost:3000/meta/tr/?id=1&ev=PageView')).toEqual({ id: '1', ev: 'PageView' });
    expect(pixelRequestParams('http://localhost:3000/assets/tr.js?id=1&ev=x')).toBeUndefined();
    expect(pixelRequestParams('https://connect.facebook.net/signals/config/1?v=2.9')).toBeUndefined();
  });
});

describe('the server event and the pixel library', () => {
  it('waits for the library (it sets _fbp) before the server event, at most PIXEL_WAIT_MS', async () => {
    let fbp: string | undefined;
    let libraryRuns: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (libraryRuns = resolve));
    const waits: number[] = [];
    const { tracking, serverEvents } = harness({
      loadPixel: async () => ({ loaded, track: () => loaded, consent: () => undefined }),
      cookies: () => ({ fbp, fbc: undefined }),
      delay: (ms) => {
        waits.push(ms);
        return new Promise(() => undefined);
      },
    });
    const done = tracking.completeRegistration({ userId: 'u', email: 'e@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(serverEvents).toEqual([]);
    fbp = 'fb.1.5.6';
    libraryRuns();
    await done;
    expect(serverEvents[0]).toMatchObject({ fbp: 'fb.1.5.6' });
    expect(waits).toEqual([PIXEL_WAIT_MS]);
    // The payment-completion step awaits this: a hanging pixel may not hold it for more than 1 s.
    expect(PIXEL_WAIT_MS).toBeLessThanOrEqual(1000);

    const blocked = harness({ loadPixel: async () => ({ loaded: new Promise(() => undefined), track: () => new Promise(() => undefined), consent: () => undefined }), delay: async () => undefined });
    await blocked.tracking.completeRegistration({ userId: 'u', email: 'e@example.com' });
    expect(blocked.serverEvents).toHaveLength(1);
  });
});
