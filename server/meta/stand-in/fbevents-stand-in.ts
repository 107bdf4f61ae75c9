/**
 * The local stand-in for Meta's fbevents.js (served at /meta/fbevents.js, bundled by
 * server/meta/create-meta-routes.ts). Like the real library it takes over the `fbq` queue that the
 * base snippet defined (`fbq.callMethod`, then the queued calls in order) and, for every event, sends
 * an image request with Meta's `/tr` query parameters (WIRE.md) - to this stack's /meta/tr instead of
 * www.facebook.com/tr - so one parser serves both. It keeps every call as `[method, ...args]` on
 * `window.__metaPixelCalls` and sets the `_fbp` / `_fbc` cookies in Meta's formats. Meta's consent
 * switch works as in the real library: after `fbq('consent', 'revoke')` events are held, not sent, and
 * no cookie is set; `fbq('consent', 'grant')` sets the cookies and sends what was held.
 */

import type { FbqQueue } from '../../../services/tracking/fbq';

export type { FbqQueue };

/** The part of `window` the stand-in touches (a fake in tests). */
export interface StandInWindow {
  fbq?: FbqQueue | undefined;
  __metaPixelCalls?: unknown[][];
  readonly location: { readonly href: string; readonly search: string };
  readonly document: { cookie: string; readonly referrer: string };
  readonly screen: { readonly width: number; readonly height: number };
  readonly top: unknown;
  readonly Image: new () => { src: string };
}

/** The version string Meta's library sends as `v` (WIRE.md), marked as the local stand-in. */
export const STAND_IN_VERSION = '2.9.170-local';
/** Meta keeps `_fbp` and `_fbc` for 90 days. */
const COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** `cd[<key>]` values: objects and arrays as JSON (content_ids, contents), the rest as text. */
function customDataValue(value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return typeof value === 'string' ? value : String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Takes over `win.fbq`; `trackerUrl` is where the image requests go (`<stack>/meta/tr/`). Does nothing
 * when the snippet did not run first (no `fbq`), as fbevents.js does.
 */
export function installFbeventsStandIn(win: StandInWindow, trackerUrl: string, now: () => number = Date.now, random: () => number = Math.random): void {
  const fbq = win.fbq;
  if (fbq === undefined) return;
  const calls = (win.__metaPixelCalls ??= []);
  const pixels: string[] = [];
  let initTime: number | undefined;
  let eventCount = 0;
  // An object, not a `let`: the queued calls below change it inside callMethod.
  const consent = { revoked: false };
  const held: (readonly [string, string, unknown, unknown])[] = [];

  const setCookie = (name: string, value: string): void => {
    win.document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  };
  /** `_fbp`, and `_fbc` from the landing URL's click id, once consent allows cookies. */
  const ensureCookies = (): void => {
    if (readCookie(win.document.cookie, '_fbp') === undefined) setCookie('_fbp', `fb.1.${now()}.${Math.floor(random() * 1e10)}`);
    // Case-sensitive: the click id is kept exactly as received (WIRE.md).
    const fbclid = new URLSearchParams(win.location.search).get('fbclid');
    if (fbclid !== null && fbclid !== '' && readCookie(win.document.cookie, '_fbc')?.endsWith(`.${fbclid}`) !== true) {
      setCookie('_fbc', `fb.1.${now()}.${fbclid}`);
    }
  };

  const send = (pixelId: string, eventName: string, customData: unknown, options: unknown): void => {
    if (consent.revoked) {
      held.push([pixelId, eventName, customData, options]);
      return;
    }
    ensureCookies();
    const query = new URLSearchParams();
    const time = now();
    query.set('id', pixelId);
    query.set('ev', eventName);
    query.set('dl', win.location.href);
    query.set('rl', win.document.referrer);
    query.set('if', String(win.top !== win));
    query.set('ts', String(time));
    if (isRecord(customData)) for (const [key, value] of Object.entries(customData)) if (value !== undefined && value !== null) query.set(`cd[${key}]`, customDataValue(value));
    query.set('sw', String(win.screen.width));
    query.set('sh', String(win.screen.height));
    query.set('v', STAND_IN_VERSION);
    query.set('r', 'stable');
    query.set('ec', String(eventCount++));
    const fbp = readCookie(win.document.cookie, '_fbp');
    if (fbp !== undefined) query.set('fbp', fbp);
    const fbc = readCookie(win.document.cookie, '_fbc');
    if (fbc !== undefined) query.set('fbc', fbc);
    query.set('it', String(initTime ?? time));
    if (isRecord(options) && typeof options.eventID === 'string' && options.eventID !== '') query.set('eid', options.eventID);
    query.set('rqm', 'GET');
    const image = new win.Image();
    image.src = `${trackerUrl}?${query.toString()}`;
  };

  const callMethod = (...args: unknown[]): void => {
    calls.push(args);
    const [method, first, second, third, fourth] = args;
    switch (method) {
      case 'init':
        if (typeof first === 'string' && !pixels.includes(first)) {
          pixels.push(first);
          initTime ??= now();
        }
        return;
      case 'track':
      case 'trackCustom':
        if (typeof first === 'string') for (const pixelId of pixels) send(pixelId, first, second, third);
        return;
      case 'trackSingle':
      case 'trackSingleCustom':
        if (typeof first === 'string' && typeof second === 'string' && pixels.includes(first)) send(first, second, third, fourth);
        return;
      case 'consent':
        if (first === 'revoke') consent.revoked = true;
        if (first === 'grant' && consent.revoked) {
          consent.revoked = false;
          ensureCookies();
          for (const event of held.splice(0)) send(...event);
        }
        return;
      default:
        // set, dataProcessingOptions, ...: kept in the call list only.
        return;
    }
  };

  fbq.callMethod = callMethod;
  const queued = fbq.queue ?? [];
  fbq.queue = [];
  for (const call of queued) callMethod(...Array.from(call));
  if (!consent.revoked) ensureCookies();
}
