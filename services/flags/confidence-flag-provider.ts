import type { Provider } from '@openfeature/web-sdk';
import { createConfidenceWebProvider } from '@spotify-confidence/openfeature-web-provider';
import { takeBootFlagResolve, type BootFlagResolve } from './boot-flag-resolve';
import type { FlagSettings } from './flag-settings';

export interface ConfidenceFlagProviderOptions {
  readonly settings: FlagSettings;
  readonly fetch: typeof fetch;
  /** Aborts the resolve request (the lookup timed out): a hanging resolver does not keep a socket open. */
  readonly signal: AbortSignal;
  readonly log: (message: string, error: unknown) => void;
}

/** Confidence's default: applies are batched for 250 ms after an evaluation. */
const APPLY_DEBOUNCE_MS = 250;

/**
 * Confidence's own OpenFeature provider (0.0.3, which works with web-sdk 1.x: docs/decisions/0004-confidence-openfeature-provider.md),
 * pointed at the configured resolver. Its own chunk, loaded with the first lookup. The resolve goes
 * with `apply: false` and the provider applies a flag once it is evaluated, so an exposure is sent only
 * for a variant the visitor is shown. The provider sends no headers (a CORS simple request).
 */
export function createConfidenceFlagProvider({ settings, fetch, signal, log }: ConfidenceFlagProviderOptions): Provider {
  const fetchImplementation = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/v1/flags:resolve')) {
      // The boot script usually sent this very request from the HTML, while the app's code loaded.
      const early = takeBootFlagResolve(init?.body);
      return early === undefined ? fetch(input, { ...init, signal }) : untilAborted(early, signal);
    }
    if (!url.endsWith('/v1/flags:apply')) return fetch(input, { ...init, signal });
    // The provider ignores apply answers but not a rejected fetch (an unhandled rejection, reported as
    // a crash): a failed apply is logged, like every flag error (spec).
    try {
      return await fetch(input, init);
    } catch (error) {
      log('Confidence flags:apply failed', error);
      return Response.error();
    }
  };
  return createConfidenceWebProvider({
    region: settings.region,
    clientSecret: settings.clientSecret,
    baseUrl: settings.resolverUrl,
    fetchImplementation,
    apply: { timeout: APPLY_DEBOUNCE_MS },
  });
}

/** The early request follows the lookup's signal like the provider's own would (it aborts it on timeout). */
function untilAborted({ response, abort }: BootFlagResolve, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return response;
}
