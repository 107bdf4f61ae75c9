import variants from 'virtual:flow-variants';
import { afterRootSpinner } from '../after-root-spinner';
import { peekBootFlagVariant } from '../flags/boot-flag-resolve';
import { loadFunnelFlagClient } from '../flags/load-funnel-flag-provider';
import { createFunnelFlowResolver, rememberedAssignment, rememberedVariant, type FlagExposure } from '../flags/resolve-funnel-flow';
import type { Platform } from '../platform';
import { captureFbclid } from '../visitor/capture-fbclid';
import { ensureVisitorId, readVisitorId } from '../visitor/ensure-visitor-id';
import { IDLE_TIMEOUT_MS, whenIdle } from '../when-idle';
import { browserFunnelStorage } from './browser-funnel-storage';
import type { FunnelArea } from './funnel-area';

export function browserFunnelArea(platform: Platform, recordFlagExposure: (exposure: FlagExposure) => void): FunnelArea {
  const { local, session, log } = platform;
  // Read (and the cookie's lifetime refreshed) once per page: every step's loader asks for it, and a
  // cookie read and write on each tap is main-thread time between the tap and the next question.
  let visitorId: string | undefined;
  return {
    visitorId: () => (visitorId ??= ensureVisitorId(document)),
    readVisitorId: () => readVisitorId(document),
    captureClickId: (url) => captureFbclid(url, local.storage, Date.now),
    resolveFunnelFlow: createFunnelFlowResolver({
      variants,
      // The SDK and Confidence's provider are their own chunks, loaded with the first lookup (a
      // visitor whose variant is remembered never loads them).
      load: (signal) => loadFunnelFlagClient({ env: platform.env, origin: platform.origin, fetch: platform.fetch, signal, log }),
      // The boot script's lookup decides the flow; the SDK follows once the first step is usable
      // (issue 14: not needed to paint or answer the first question).
      early: {
        read: (id) => peekBootFlagVariant(id),
        later: (evaluate) => afterRootSpinner(document, () => whenIdle(evaluate, IDLE_TIMEOUT_MS)),
      },
      storage: local.storage,
      onExposure: recordFlagExposure,
      log,
    }),
    funnelVariant: () => {
      const id = readVisitorId(document);
      try {
        return id === undefined ? undefined : rememberedVariant(local.storage, variants.flag, id);
      } catch (error) {
        // Unreadable storage: the visitor sees the default paywall, as a visitor without a variant does.
        log('Remembered flag variant unreadable; showing the default paywall', error);
        return undefined;
      }
    },
    experimentAssignment: () => {
      const id = readVisitorId(document);
      if (id === undefined || variants.experiment === undefined) return undefined;
      try {
        const variant = rememberedAssignment(local.storage, variants.flag, id);
        return variant === undefined ? undefined : { experiment: variants.experiment, variant };
      } catch (error) {
        log('Remembered flag variant unreadable; signing up without the experiment assignment', error);
        return undefined;
      }
    },
    funnelStorage: browserFunnelStorage(local.storage, session.storage, log),
    answersSurviveReload: local.persistent,
    browserLanguage: () => navigator.language,
    productApi: platform.productApi,
  };
}
