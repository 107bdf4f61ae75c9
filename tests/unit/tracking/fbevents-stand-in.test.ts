import { describe, expect, it } from 'vitest';
import { STAND_IN_VERSION, installFbeventsStandIn, type FbqQueue, type StandInWindow } from '../../../server/meta/stand-in/fbevents-stand-in';

/** The base snippet's queue, as Meta's snippet (and services/tracking/meta-pixel.ts) defines it. */
function snippetQueue(): FbqQueue {
  const fbq: FbqQueue = Object.assign(
    (...args: unknown[]): void => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    },
    { queue: [] as ArrayLike<unknown>[], loaded: true, version: '2.0' },
  );
  return fbq;
}

function fakeWindow(search = '', cookie = ''): { win: StandInWindow; requests: string[]; cookies: Map<string, string> } {
  const requests: string[] = [];
  const cookies = new Map<string, string>();
  for (const part of cookie.split(';').filter((p) => p.trim() !== '')) {
    const [key = '', value = ''] = part.trim().split('=');
    cookies.set(key, value);
  }
  const win: StandInWindow = {
    fbq: snippetQueue(),
    // A top-level page: `top` is the window itself.
    get top() {
      return win;
    },
    location: { href: `https://shop.example/onboarding/gender${search}`, search },
    document: {
      get cookie() {
        return [...cookies].map(([key, value]) => `${key}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = ''] = line.split(';');
        const [key = '', value = ''] = pair.split('=');
        cookies.set(key, value);
      },
      referrer: 'https://facebook.com/',
    },
    screen: { width: 390, height: 844 },
    Image: class {
      set src(url: string) {
        requests.push(url);
      }
    },
  };
  return { win, requests, cookies };
}

const TRACKER = 'http://localhost:3000/meta/tr/';

describe('the fbevents.js stand-in', () => {
  it('drains the snippet queue in order and sends Meta’s /tr query for each event', () => {
    const { win, requests } = fakeWindow('?fbclid=IwAR-Case_Sensitive', '_fbp=fb.1.1700000000000.42');
    const fbq = win.fbq;
    if (fbq === undefined) throw new Error('no fbq');
    fbq('init', '1234567890123456');
    fbq('track', 'PageView');
    let time = 1_800_000_000_000;
    installFbeventsStandIn(win, TRACKER, () => time++, () => 0.5);
    fbq('track', 'Purchase', { value: 64.98, currency: 'EUR', content_ids: ['weekly'] }, { eventID: 'pi_123' });
    fbq('trackCustom', 'purchase_2', { value: 9.99, currency: 'EUR' }, { eventID: 'pi_123-2' });

    expect(win.__metaPixelCalls?.map((call) => call[0])).toEqual(['init', 'track', 'track', 'trackCustom']);
    expect(requests).toHaveLength(3);
    const [pageView, purchase, custom] = requests.map((url) => new URL(url));
    expect(`${pageView?.origin}${pageView?.pathname}`).toBe(TRACKER);
    expect(pageView?.searchParams.get('ev')).toBe('PageView');
    expect(pageView?.searchParams.get('ec')).toBe('0');
    expect(pageView?.searchParams.has('eid')).toBe(false);
    const params = Object.fromEntries(purchase?.searchParams ?? []);
    expect(params).toMatchObject({
      id: '1234567890123456',
      ev: 'Purchase',
      dl: 'https://shop.example/onboarding/gender?fbclid=IwAR-Case_Sensitive',
      rl: 'https://facebook.com/',
      if: 'false',
      'cd[value]': '64.98',
      'cd[currency]': 'EUR',
      'cd[content_ids]': '["weekly"]',
      sw: '390',
      sh: '844',
      v: STAND_IN_VERSION,
      r: 'stable',
      ec: '1',
      fbp: 'fb.1.1700000000000.42',
      eid: 'pi_123',
    });
    // The click id exactly as received, in Meta's _fbc format.
    expect(params.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR-Case_Sensitive$/);
    expect(Number(params.ts)).toBeGreaterThanOrEqual(Number(params.it));
    expect(custom?.searchParams.get('ev')).toBe('purchase_2');
    expect(custom?.searchParams.get('eid')).toBe('pi_123-2');
  });

  it('holds events while consent is revoked, without setting a cookie, and sends them on grant (Meta’s consent switch)', () => {
    const { win, requests, cookies } = fakeWindow();
    const fbq = win.fbq;
    if (fbq === undefined) throw new Error('no fbq');
    fbq('consent', 'revoke');
    fbq('init', '1234567890123456');
    fbq('track', 'PageView');
    installFbeventsStandIn(win, TRACKER, () => 1_700_000_000_123, () => 0.25);
    fbq('track', 'Lead', {}, { eventID: 'lead-1' });
    expect(requests).toEqual([]);
    expect(cookies.has('_fbp')).toBe(false);

    fbq('consent', 'grant');
    expect(requests.map((url) => new URL(url).searchParams.get('ev'))).toEqual(['PageView', 'Lead']);
    expect(new URL(requests[1] ?? '').searchParams.get('fbp')).toBe('fb.1.1700000000123.2500000000');

    fbq('consent', 'revoke');
    fbq('track', 'Purchase', { value: 1, currency: 'EUR' }, { eventID: 'pi_1' });
    expect(requests).toHaveLength(2);
  });

  it('creates _fbp in Meta’s format when missing and sends nothing before init', () => {
    const { win, requests, cookies } = fakeWindow();
    installFbeventsStandIn(win, TRACKER, () => 1_700_000_000_123, () => 0.25);
    win.fbq?.('track', 'PageView');
    expect(requests).toEqual([]);
    expect(decodeURIComponent(cookies.get('_fbp') ?? '')).toBe('fb.1.1700000000123.2500000000');
    expect(cookies.has('_fbc')).toBe(false);
  });
});
