import { majorUnits } from '../../engine/plan-pricing';
import type { MetaPixel, PixelEvent } from './meta-pixel';
import type { PurchaseDetails } from '../../engine/payment-completion-machine';
import type { VisitorLocation } from '../location/location-service';
import type { NetAmountRequest } from '../product-api/product-api-client';

/** The server-side event function (supabase/functions/track-event). */
export const TRACK_EVENT_FUNCTION = 'track-event';
/** Pixel events whose request parameters also go to the tracking-events API (spec section 7). */
export const TRACKING_EVENT_NAMES: ReadonlySet<string> = new Set(['CompleteRegistration', 'InitiateCheckout', 'Purchase']);

export interface TrackedCheckout {
  readonly subscriptionId: string;
  /** Minor units (cents; whole yen): what the first invoice asks for. */
  readonly amount: number;
  readonly currency: string;
  readonly plan: string | undefined;
}

/** The ad platform's conversion events: the pixel in the browser and the server event, deduplicated by event id. */
export interface ConversionTracking {
  /**
   * Loads the pixel (PageView) and starts watching its requests; once, later calls do nothing, except
   * after `revoke`, when the pixel is granted again.
   */
  start(): void;
  /**
   * Consent withdrawn (cookie settings): the pixel is revoked (Meta's consent switch: it sends nothing
   * more), its `_fbp` and `_fbc` cookies are deleted, and no pixel event is sent until `start`.
   */
  revoke(): void;
  /**
   * The account exists and has a session. Sent once per account, whichever tab or device completes
   * the sign-up first (the sign-up tab, or the page the confirmation link opens).
   */
  completeRegistration(account: { readonly userId: string; readonly email: string }): Promise<void>;
  /** The plans form created the subscription. */
  initiateCheckout(checkout: TrackedCheckout): Promise<void>;
  /** The payment completed: pixel Purchase and purchase_2, server Purchase. */
  purchase(purchase: PurchaseDetails): Promise<void>;
}

export interface ConversionTrackingDeps {
  readonly pixelId: string;
  /** Loads the pixel library (its own chunk) and sends PageView; a rejection means not loaded. */
  readonly loadPixel: () => Promise<MetaPixel>;
  /** Calls back with the query parameters of every pixel request the page makes (real or stand-in). */
  readonly observePixelRequests: (onRequest: (params: Readonly<Record<string, string>>) => void) => void;
  /** POSTs the parameters to the tracking-events API; the answer is ignored. */
  readonly postTrackingEvent: (params: Readonly<Record<string, string>>) => Promise<void>;
  /** Calls track-event as the signed-in user; rejects when it fails. */
  readonly sendServerEvent: (body: Readonly<Record<string, unknown>>) => Promise<void>;
  /** The visitor's location (services/location: cached for the session, never rejects). */
  readonly location: () => Promise<VisitorLocation>;
  /** The `_fbp` and `_fbc` cookies. */
  readonly cookies: () => { readonly fbp: string | undefined; readonly fbc: string | undefined };
  /** Deletes the `_fbp` and `_fbc` cookies. */
  readonly deleteCookies: () => void;
  /** The `fbc` stored from the landing URL. */
  readonly storedFbc: () => string | undefined;
  readonly pageUrl: () => string;
  /** Spec: the purchase value for tracking (64.98 x the currency's fx rate). */
  readonly purchaseValue: (currency: string | undefined) => Promise<{ readonly value: number; readonly currency: string }>;
  /**
   * Claims the account's one CompleteRegistration (a once-only mark on the server): true for the
   * first caller, false once any tab or device has claimed it; rejects when the mark cannot be written.
   */
  readonly claimRegistration: (userId: string) => Promise<boolean>;
  /** get-stripe-payment-method-type: `card`, `paypal`, ...; rejects when the lookup fails. */
  readonly paymentMethodType: (paymentMethodId: string) => Promise<string>;
  /** POST /api/v1/net_amounts (minor units); undefined on failure, which it reports with the four values. */
  readonly netAmount: (request: NetAmountRequest) => Promise<number | undefined>;
  readonly reportError: (error: unknown) => void;
  /** Resolves after `ms` (setTimeout in the browser). */
  readonly delay: (ms: number) => Promise<void>;
}

/**
 * How long a server event waits for the pixel library: it sets `_fbp` when it runs, and the server
 * event should carry it. A blocked, refused or hanging pixel delays the server event by this much, no
 * more; the payment-completion step awaits the purchase event, and no third party may hold a step for
 * more than 1 s (issue 12 section 6). `_fbp` is usually there already: the pixel set it on an earlier page.
 */
export const PIXEL_WAIT_MS = 1000;

interface ServerEvent {
  readonly eventName: string;
  readonly eventId: string;
  readonly value?: number;
  readonly currency?: string;
  readonly planPrice?: number;
  readonly userId?: string;
  readonly userEmail?: string;
}

/** Stripe's minor units to the amount Meta expects (whole yen stay whole). */
const major = (amount: number | undefined, currency: string | undefined): number | undefined =>
  amount === undefined ? undefined : majorUnits(Math.round(amount), currency ?? 'eur');

/**
 * Pixel and server events for the three conversions. Each event goes to the pixel and to track-event
 * with the same event id (Meta counts it once), with `_fbp` and the `fbc` (cookie, else the stored one)
 * on both. Nothing here ever rejects or blocks: the pixel's own failure is logged by the loader, a
 * failed server event or tracking-events upload is reported, and the caller goes on.
 */
export function createConversionTracking(deps: ConversionTrackingDeps): ConversionTracking {
  let pixel: Promise<MetaPixel | undefined> | undefined;
  let revoked = false;
  const load = (): Promise<MetaPixel | undefined> => {
    if (pixel === undefined) {
      // Spec: the query parameters of the observed pixel request go to the tracking-events API.
      deps.observePixelRequests((params) => {
        if (params.id !== deps.pixelId || params.ev === undefined || !TRACKING_EVENT_NAMES.has(params.ev)) return;
        deps.postTrackingEvent(params).catch(deps.reportError);
      });
      // The chunk failing to load is reported; the library failing to load is logged by the loader.
      pixel = deps.loadPixel().catch((error: unknown) => {
        deps.reportError(error);
        return undefined;
      });
    }
    return pixel;
  };

  const trackPixel = async (event: PixelEvent): Promise<void> => {
    if (revoked) return;
    const loaded = await load();
    // Not loaded: already logged where it failed; the event is lost, the visitor goes on.
    await loaded?.track(event).catch(() => undefined);
  };

  const sendServerEvent = async (event: ServerEvent): Promise<void> => {
    const location = await deps.location();
    const { fbp, fbc: fbcFromCookie } = deps.cookies();
    const fbcFromLocalStorage = deps.storedFbc();
    try {
      await deps.sendServerEvent({
        ...event,
        eventSourceUrl: deps.pageUrl(),
        pixelId: deps.pixelId,
        fbc: fbcFromCookie ?? fbcFromLocalStorage ?? null,
        fbcFromCookie: fbcFromCookie ?? null,
        fbcFromLocalStorage: fbcFromLocalStorage ?? null,
        fbp: fbp ?? null,
        userCity: location.city,
        userCountryCode: location.countryCode,
        userZipCode: location.zipCode,
      });
    } catch (error) {
      deps.reportError(error);
    }
  };

  /** The pixel events first; the server event once the library ran (or PIXEL_WAIT_MS passed). */
  const send = async (pixelEvents: readonly PixelEvent[], serverEvent: ServerEvent): Promise<void> => {
    const tracked = Promise.all(pixelEvents.map(trackPixel));
    await Promise.race([tracked, deps.delay(PIXEL_WAIT_MS)]);
    await sendServerEvent(serverEvent);
  };

  /** Spec: 64.98 x the currency's fx rate; should the service itself fail, what was charged (reported). */
  const valueForTracking = async (currency: string | undefined, paid: number | undefined): Promise<{ readonly value: number; readonly currency: string }> => {
    try {
      return await deps.purchaseValue(currency);
    } catch (error) {
      deps.reportError(error);
      return { value: paid ?? 0, currency: currency ?? 'eur' };
    }
  };

  /**
   * The purchase's net amount: the payment method's type (get-stripe-payment-method-type) and the
   * visitor's country price the VAT and the fee. A failed type lookup is reported (spec section 8)
   * and leaves no net amount; the net-amount call reports its own failure with its four values.
   */
  const netAmountOf = async (amount: number | undefined, currency: string | undefined, paymentMethodId: string | undefined): Promise<number | undefined> => {
    if (amount === undefined || currency === undefined) return undefined;
    let paymentMethodType: string;
    try {
      if (paymentMethodId === undefined) throw new Error('the PaymentIntent names no payment method');
      paymentMethodType = await deps.paymentMethodType(paymentMethodId);
    } catch (cause) {
      deps.reportError(new Error(`Payment method type lookup failed for ${paymentMethodId ?? '(none)'}`, { cause }));
      return undefined;
    }
    const location = await deps.location();
    return deps.netAmount({ countryCode: location.countryCode, currency, grossAmount: Math.round(amount), paymentMethodType });
  };

  return {
    start: () => {
      if (revoked) {
        revoked = false;
        void pixel?.then((loaded) => loaded?.consent(true));
      }
      void load();
    },
    revoke: () => {
      revoked = true;
      void pixel?.then((loaded) => loaded?.consent(false));
      deps.deleteCookies();
    },
    async completeRegistration({ userId, email }) {
      let first: boolean;
      try {
        first = await deps.claimRegistration(userId);
      } catch (error) {
        // Unknown whether another tab sent it: send it; the event id lets Meta drop a duplicate,
        // whereas a registration never sent is lost.
        deps.reportError(error);
        first = true;
      }
      if (!first) return;
      const eventId = `registration-${userId}`;
      await send([{ name: 'CompleteRegistration', eventId }], { eventName: 'CompleteRegistration', eventId, userId, userEmail: email });
    },
    async initiateCheckout({ subscriptionId, amount, currency, plan }) {
      // The subscription id: a repeated submit gets the same subscription, so Meta counts one checkout.
      const eventId = `checkout-${subscriptionId}`;
      const value = major(amount, currency) ?? 0;
      const upper = currency.toUpperCase();
      await send(
        [{ name: 'InitiateCheckout', eventId, data: { value, currency: upper, ...(plan === undefined ? {} : { content_name: plan }) } }],
        { eventName: 'InitiateCheckout', eventId, value, currency: upper, planPrice: value },
      );
    },
    async purchase({ paymentIntentId, amount, currency, plan, paymentMethodId }) {
      const paid = major(amount, currency);
      const [purchaseValue, net] = await Promise.all([valueForTracking(currency, paid), netAmountOf(amount, currency, paymentMethodId)]);
      const paidCurrency = (currency ?? purchaseValue.currency).toUpperCase();
      const value = { value: purchaseValue.value, currency: purchaseValue.currency.toUpperCase() };
      await send(
        [
          { name: 'Purchase', eventId: paymentIntentId, data: { ...value, ...(plan === undefined ? {} : { content_name: plan }) } },
          // What the purchase earns: the net amount (gross minus VAT minus the provider's fee) in the
          // currency charged; without one (reported) the event still counts, with no value rather
          // than a wrong one (docs/decisions/0189-meta-event-values.md).
          { name: 'purchase_2', custom: true, eventId: paymentIntentId, data: { ...(net === undefined ? {} : { value: major(net, currency) }), currency: paidCurrency } },
        ],
        { eventName: 'Purchase', eventId: paymentIntentId, ...value, ...(paid === undefined ? {} : { planPrice: paid }) },
      );
    },
  };
}
