import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from 'zod/mini';
import type { BackendFunctions } from '../account/backend-functions';
import type { ProductApiServices } from '../product-api/create-product-api-services';
import type { KeyValueStorage } from '../storage/key-value-storage';
import { FBC_STORAGE_KEY } from '../visitor/capture-fbclid';
import { createConversionTracking, TRACK_EVENT_FUNCTION, type ConversionTracking } from './conversion-tracking';
import { loadMetaPixel } from './meta-pixel';
import type { MetaPixelSettings } from './meta-pixel-settings';

export interface BrowserConversionTrackingDeps {
  readonly window: Window;
  readonly settings: MetaPixelSettings;
  readonly local: KeyValueStorage;
  readonly backendFunctions: BackendFunctions;
  /**
   * The product API's lazy chunk: the location (cached for the session), the purchase value and the
   * net amount (which reports its own failures). Passed whole, so the entry chunk wires one reference.
   */
  readonly productApi: () => Promise<ProductApiServices>;
  /** The shared supabase-js client (the once-only conversion marks). */
  readonly supabase: () => Promise<SupabaseClient>;
  readonly reportError: (error: unknown) => void;
}

const paymentMethodTypeAnswer = z.object({ data: z.object({ type: z.string() }) });
/** Postgres' unique violation: another tab or device wrote the mark first. */
const UNIQUE_VIOLATION = '23505';

/**
 * The conversion tracking with its browser adapters: the pixel script, a PerformanceObserver that
 * sees the pixel's `/tr` requests (Meta's or the stand-in's), fetch for the tracking-events API,
 * cookies; the location comes from the location service. Its own chunk, imported when the first step has shown
 * (the first step's JavaScript does not carry it).
 */
export function createBrowserConversionTracking(deps: BrowserConversionTrackingDeps): ConversionTracking {
  const { window: win, settings } = deps;
  const read = (storage: KeyValueStorage, key: string): string | undefined => {
    try {
      const value = storage.getItem(key);
      return value === null || value.trim() === '' ? undefined : value;
    } catch {
      return undefined;
    }
  };
  return createConversionTracking({
    pixelId: settings.pixelId,
    loadPixel: async () => loadMetaPixel({ window: win, settings, storedFbc: read(deps.local, FBC_STORAGE_KEY), logError: (message, error) => console.error(message, error) }),
    observePixelRequests,
    postTrackingEvent: async (params) => {
      // keepalive: the upload survives the navigation that often follows a conversion.
      await win.fetch(settings.trackingEventsUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params), keepalive: true });
    },
    sendServerEvent: async (body) => {
      await deps.backendFunctions.invoke(TRACK_EVENT_FUNCTION, body);
    },
    location: async () => (await deps.productApi()).location.location(),
    cookies: () => ({ fbp: cookie(win.document.cookie, '_fbp'), fbc: cookie(win.document.cookie, '_fbc') }),
    deleteCookies: () => {
      for (const name of ['_fbp', '_fbc']) win.document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
    },
    storedFbc: () => read(deps.local, FBC_STORAGE_KEY),
    pageUrl: () => win.location.href,
    purchaseValue: async (currency) => (await deps.productApi()).purchaseValue(currency),
    claimRegistration: async (userId) => {
      const client = await deps.supabase();
      const { error } = await client.from('conversion_marks').insert({ user_id: userId, event_name: 'CompleteRegistration' });
      if (error === null) return true;
      if (error.code === UNIQUE_VIOLATION) return false;
      throw new Error(`Could not mark CompleteRegistration for user ${userId}: ${error.code} ${error.message}`);
    },
    paymentMethodType: async (paymentMethodId) => {
      const answer = paymentMethodTypeAnswer.safeParse(await deps.backendFunctions.invoke('get-stripe-payment-method-type', { paymentMethodId }));
      if (!answer.success) throw new Error(`get-stripe-payment-method-type answered unexpectedly: ${answer.error.message}`);
      return answer.data.data.type;
    },
    netAmount: async (request) => (await deps.productApi()).netAmount(request),
    reportError: deps.reportError,
    delay: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
  });
}

function cookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name && rest.length > 0) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The pixel's event requests: image or beacon requests to a `/tr` path with `id` and `ev` in the query. */
export function pixelRequestParams(url: string): Record<string, string> | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!/\/tr\/?$/.test(parsed.pathname) || !parsed.searchParams.has('id') || !parsed.searchParams.has('ev')) return undefined;
  return Object.fromEntries(parsed.searchParams);
}

function observePixelRequests(onRequest: (params: Readonly<Record<string, string>>) => void): void {
  // Old webviews without resource timing: the pixel still works, only the tracking-events copy is lost.
  if (typeof PerformanceObserver !== 'function') return;
  const seen = new Set<string>();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // The resource timing entry's name is the request URL, query included, even cross-origin.
      if (seen.has(entry.name)) continue;
      const params = pixelRequestParams(entry.name);
      if (params === undefined) continue;
      seen.add(entry.name);
      onRequest(params);
    }
  });
  observer.observe({ type: 'resource', buffered: true });
}
