import type { FbqQueue } from './fbq';
import type { MetaPixelSettings } from './meta-pixel-settings';

/** How long the library may take before the pixel counts as not loaded (ad blockers fail at once). */
export const PIXEL_LOAD_TIMEOUT_MS = 15_000;
/** Meta keeps `_fbc` for 90 days. */
const FBC_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** One pixel event: standard (`track`) or custom (`trackCustom`), with its deduplication id. */
export interface PixelEvent {
  readonly name: string;
  readonly custom?: boolean;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly eventId: string;
}

export interface MetaPixel {
  /** Resolves when fbevents.js took over `fbq`; rejects (after logging) when it did not load. */
  readonly loaded: Promise<void>;
  /** Queues the event (sent once the library runs); the promise is `loaded`'s outcome. */
  track(event: PixelEvent): Promise<void>;
  /** Meta's consent switch (`fbq('consent', 'grant' | 'revoke')`): revoked, the pixel sends nothing and sets no cookie. */
  consent(granted: boolean): void;
}

export interface MetaPixelDeps {
  readonly window: Window;
  readonly settings: MetaPixelSettings;
  /** The `fbc` stored from the landing URL (services/visitor/capture-fbclid.ts), if any. */
  readonly storedFbc: string | undefined;
  readonly logError: (message: string, error: unknown) => void;
  readonly timeoutMs?: number;
}

/**
 * Meta's base snippet, written out: defines the `fbq` queue (unless a pixel is already on the page),
 * inserts the library asynchronously, then `init` and `PageView` (spec: "a page-view event is sent").
 * A stored `fbc` without the `_fbc` cookie is written to the cookie first, so the pixel's requests
 * carry it too. Not loaded (blocked, offline, timed out): the error is logged and `loaded` rejects;
 * nothing else waits for it, so the funnel goes on.
 */
export function loadMetaPixel({ window: win, settings, storedFbc, logError, timeoutMs = PIXEL_LOAD_TIMEOUT_MS }: MetaPixelDeps): MetaPixel {
  const { document } = win;
  if (storedFbc !== undefined && !/(?:^|;\s*)_fbc=/.test(document.cookie)) {
    document.cookie = `_fbc=${encodeURIComponent(storedFbc)}; Max-Age=${FBC_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  }
  let fbq = win.fbq;
  let script: HTMLScriptElement | undefined;
  if (fbq === undefined) {
    const queue: FbqQueue = Object.assign(
      (...args: unknown[]): void => {
        if (queue.callMethod) queue.callMethod(...args);
        else queue.queue?.push(args);
      },
      { queue: [] as ArrayLike<unknown>[], loaded: true, version: '2.0' },
    );
    queue.push = queue;
    win.fbq = queue;
    win._fbq ??= queue;
    fbq = queue;
    script = document.createElement('script');
    script.async = true;
    script.src = settings.scriptUrl;
  }
  const pixel = fbq;
  // A pixel whose library already runs (another snippet on the page) counts as loaded.
  const loaded = script === undefined
    ? Promise.resolve()
    : new Promise<void>((resolve, reject) => {
        const timer = win.setTimeout(() => reject(new Error(`Meta pixel not loaded within ${timeoutMs} ms: ${settings.scriptUrl}`)), timeoutMs);
        script.addEventListener('load', () => {
          win.clearTimeout(timer);
          if (typeof pixel.callMethod === 'function') resolve();
          else reject(new Error(`Meta pixel script did not take over fbq: ${settings.scriptUrl}`));
        });
        script.addEventListener('error', () => {
          win.clearTimeout(timer);
          reject(new Error(`Meta pixel not loaded: ${settings.scriptUrl}`));
        });
        document.head.append(script);
      });
  loaded.catch((error: unknown) => logError('Meta pixel not loaded', error));
  pixel('init', settings.pixelId);
  pixel('track', 'PageView');
  return {
    loaded,
    track(event) {
      pixel(event.custom === true ? 'trackCustom' : 'track', event.name, event.data ?? {}, { eventID: event.eventId });
      return loaded;
    },
    consent(granted) {
      pixel('consent', granted ? 'grant' : 'revoke');
    },
  };
}
