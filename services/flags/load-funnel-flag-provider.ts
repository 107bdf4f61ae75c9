import type { Provider } from '@openfeature/web-sdk';
import type { CompiledVariants } from '../../engine/compiled-flow';

/**
 * The OpenFeature provider that answers the funnel flag, imported on first use so it stays out of the
 * entry chunk. One function for the browser's composition root and the build-time render
 * (screens/prerender/prerender-services.ts), so the prerendered first step preloads exactly the chunks
 * the browser's lookup loads.
 */
export async function loadFunnelFlagProvider(variants: CompiledVariants): Promise<Provider> {
  const { LocalVariantsProvider } = await import('./local-variants-provider');
  return new LocalVariantsProvider(variants);
}
