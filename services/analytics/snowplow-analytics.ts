import {
  clearUserData,
  disableAnonymousTracking,
  enableAnonymousTracking,
  enableActivityTracking,
  newTracker,
  setCustomUrl,
  trackPageView,
  trackSelfDescribingEvent,
  type SelfDescribingJson,
} from '@snowplow/browser-tracker';
import { ONBOARDING_EVENT_SCHEMA } from '../../engine/onboarding-event';
import type { AnalyticsService } from './analytics-service';
import type { AnalyticsSettings } from './analytics-settings';
import { SNOWPLOW_LIMITS, snowplowTrackerConfig } from './snowplow-tracker-config';

/** The entity on every event: the funnel's UI language (config/iglu/schemas/com.nutritionfunnel/funnel_context). */
export const FUNNEL_CONTEXT_SCHEMA = 'iglu:com.nutritionfunnel/funnel_context/jsonschema/1-0-0';
/** The flag exposure event (config/iglu/schemas/com.nutritionfunnel/flag_exposure). */
export const FLAG_EXPOSURE_SCHEMA = 'iglu:com.nutritionfunnel/flag_exposure/jsonschema/1-0-0';
/** The experiment exposure event (config/iglu/schemas/com.nutritionfunnel/experiment_exposure). */
export const EXPERIMENT_EXPOSURE_SCHEMA = 'iglu:com.nutritionfunnel/experiment_exposure/jsonschema/1-0-0';
const TRACKER_ID = 'funnel';

/** The tracker, and the switch to cookies and back as the visitor gives or withdraws consent. */
export interface SnowplowAnalytics extends AnalyticsService {
  /** Leaves anonymous tracking: user and session ids in cookies from now on (consent was given). */
  allowCookies(): void;
  /**
   * Back to anonymous tracking (consent withdrawn in the cookie settings): the stored user and session
   * ids are deleted and nothing is stored on the device from now on, as for a visitor who rejected.
   */
  forbidCookies(): void;
}

/**
 * The real Snowplow browser tracker (its own lazy chunk: the composition root imports this module only
 * after the first step painted). Page views carry the URL they were recorded for (not the one current
 * when a queued event is sent), and page pings follow each page view.
 */
export function createSnowplowAnalytics(settings: AnalyticsSettings, cookies: boolean): SnowplowAnalytics {
  newTracker(TRACKER_ID, settings.collectorUrl, snowplowTrackerConfig(settings.appId, cookies));
  let anonymous = !cookies;
  enableActivityTracking({ minimumVisitLength: SNOWPLOW_LIMITS.minimumVisitLengthSeconds, heartbeatDelay: SNOWPLOW_LIMITS.heartbeatDelaySeconds });
  let language = '';
  const languageEntity = (): SelfDescribingJson[] => (language === '' ? [] : [{ schema: FUNNEL_CONTEXT_SCHEMA, data: { language } }]);
  return {
    allowCookies() {
      if (!anonymous) return;
      anonymous = false;
      disableAnonymousTracking({ stateStorageStrategy: 'cookieAndLocalStorage' }, [TRACKER_ID]);
    },
    forbidCookies() {
      if (anonymous) return;
      anonymous = true;
      const { anonymousTracking, stateStorageStrategy } = snowplowTrackerConfig(settings.appId, false);
      enableAnonymousTracking({ options: anonymousTracking, stateStorageStrategy }, [TRACKER_ID]);
      clearUserData({ preserveSession: false, preserveUser: false }, [TRACKER_ID]);
    },
    pageView(url, title, meta) {
      language = meta.language;
      setCustomUrl(url);
      // contextCallback also runs for the page pings of this page view.
      trackPageView({ title, contextCallback: languageEntity, timestamp: meta.timestamp });
    },
    onboardingEvent(event, meta) {
      language = meta.language;
      trackSelfDescribingEvent({
        event: { schema: ONBOARDING_EVENT_SCHEMA, data: { ...event, answers: [...event.answers] } },
        context: languageEntity(),
        timestamp: meta.timestamp,
      });
    },
    flagExposure(exposure, meta) {
      language = meta.language;
      trackSelfDescribingEvent({
        event: { schema: FLAG_EXPOSURE_SCHEMA, data: { flag: exposure.flag, variant: exposure.variant, flow: exposure.flow, fallback: exposure.fallback } },
        context: languageEntity(),
        timestamp: meta.timestamp,
      });
      if (exposure.experiment === undefined) return;
      trackSelfDescribingEvent({
        event: { schema: EXPERIMENT_EXPOSURE_SCHEMA, data: { experiment: exposure.experiment.id, variant: exposure.variant, visitor_id: exposure.experiment.visitorId } },
        context: languageEntity(),
        timestamp: meta.timestamp,
      });
    },
  };
}
