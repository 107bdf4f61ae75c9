import variants from 'virtual:flow-variants';
import { createFunnelFlowResolver } from '../flags/resolve-funnel-flow';
import type { Platform } from '../platform';
import { browserFunnelStorage } from './browser-funnel-storage';
import type { FunnelArea } from './funnel-area';

/**
 * The funnel of a new English-speaking visitor without a visitor id, for the build-time render: the
 * browser's flow resolver (no id yet: the flag's default, without the SDK, which the browser loads
 * after the first step) and answer storage over the platform's (empty, in-memory) storage.
 */
export function newVisitorFunnelArea(platform: Platform): FunnelArea {
  const { local, session, log } = platform;
  return {
    visitorId: () => '',
    readVisitorId: () => undefined,
    captureClickId: () => {},
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      load: () => Promise.reject(new Error('the flag SDK is not available while prerendering')),
      storage: local.storage,
      onExposure: () => {},
      log: (message, error) => console.warn(message, error),
    }),
    funnelVariant: () => undefined,
    experimentAssignment: () => undefined,
    funnelStorage: browserFunnelStorage(local.storage, session.storage, log),
    answersSurviveReload: local.persistent,
    browserLanguage: () => 'en',
    productApi: platform.productApi,
  };
}
