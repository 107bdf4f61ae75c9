import type { FlagEnv } from './flag-settings';
import type { LoadedFlagClient } from './resolve-funnel-flow';

export interface LoadFunnelFlagClientOptions {
  readonly env: FlagEnv;
  /** The page's origin: the local stack's resolver is `<origin>/confidence` by default. */
  readonly origin: string;
  readonly fetch: typeof fetch;
  /** Aborts the resolve request (the lookup timed out). */
  readonly signal: AbortSignal;
  readonly log: (message: string, error: unknown) => void;
}

/**
 * The OpenFeature SDK and Confidence's provider for the funnel flag, imported on first use so they stay
 * out of the entry chunk and off the first step (the boot script's lookup decides the flow; the SDK
 * evaluates it after the first step, services/flags/resolve-funnel-flow.ts).
 */
export async function loadFunnelFlagClient(options: LoadFunnelFlagClientOptions): Promise<LoadedFlagClient> {
  const [{ OpenFeature }, { createConfidenceFlagProvider }, { flagSettings }] = await Promise.all([
    import('@openfeature/web-sdk'),
    import('./confidence-flag-provider'),
    import('./flag-settings'),
  ]);
  const settings = flagSettings(options.env, options.origin);
  return { openFeature: OpenFeature, provider: createConfidenceFlagProvider({ settings, fetch: options.fetch, signal: options.signal, log: options.log }) };
}
