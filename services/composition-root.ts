import type { i18n } from 'i18next';
import variants from 'virtual:flow-variants';
import { createI18n } from './i18n/create-i18n';
import { ensureVisitorId } from './visitor/ensure-visitor-id';
import { captureFbclid } from './tracking/capture-fbclid';
import { createFunnelFlowResolver } from './flags/resolve-funnel-flow';
import { browserFunnelStorage } from './funnel/browser-funnel-storage';
import type { FunnelStorage } from './funnel/funnel-storage';

/** Everything the screens need from the outside world. Screens receive this; they never import an implementation. */
export interface AppServices {
  readonly createI18n: () => Promise<i18n>;
  /** The visitor cookie value (created on the first call). */
  readonly visitorId: () => string;
  /** Stores `fbc` when the landing URL carries `fbclid`. */
  readonly captureClickId: (url: URL) => void;
  /** Flow id for the visitor from the flag `cc-feedback-redesign`; 'default' on any error or timeout. */
  readonly resolveFunnelFlow: (visitorId: string) => Promise<string>;
  readonly funnelStorage: FunnelStorage;
  /** The browser language, for unit defaults (spec: "contains US" means imperial). */
  readonly browserLanguage: () => string;
  /** Route and render errors. The error reporter is wired here when it lands; until then the console. */
  readonly reportError: (error: unknown) => void;
  /** Called on every location change (the analytics tracker is wired here when it lands). */
  readonly recordPageView: (url: string) => void;
  /** Whether the visitor asked the system for less motion (confetti is skipped, the funnel still advances). */
  readonly prefersReducedMotion: () => boolean;
}

const log = (message: string, error: unknown): void => console.warn(message, error);

/** The one place that picks service implementations for the browser. */
export function createAppServices(): AppServices {
  return {
    createI18n,
    visitorId: () => ensureVisitorId(document),
    captureClickId: (url) => captureFbclid(url, window.localStorage, Date.now),
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      // Imported on first use so the flag provider stays out of the entry chunk.
      createProvider: async () => {
        const { LocalVariantsProvider } = await import('./flags/local-variants-provider');
        return new LocalVariantsProvider(variants);
      },
      log,
    }),
    funnelStorage: browserFunnelStorage(window.localStorage, window.sessionStorage, log),
    browserLanguage: () => navigator.language,
    reportError: (error) => console.error('App error', error),
    recordPageView: () => {},
    prefersReducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  };
}
