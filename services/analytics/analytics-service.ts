import type { OnboardingEvent } from '../../engine/onboarding-event';
import type { FlagExposure } from '../flags/resolve-funnel-flow';

/** When and in which UI language something happened (captured at the call, sent maybe later). */
export interface AnalyticsEventMeta {
  /** Device time in ms: events queued before the tracker loaded keep the time they happened. */
  readonly timestamp: number;
  /** The language the funnel is shown in (i18next), which the browser's own may not be. */
  readonly language: string;
}

/** Product analytics (Snowplow): page views and the funnel's answers. Fire and forget: never throws, never blocks. */
export interface AnalyticsService {
  pageView(url: string, title: string, meta: AnalyticsEventMeta): void;
  onboardingEvent(event: OnboardingEvent, meta: AnalyticsEventMeta): void;
  /** The flag variant a visitor was first shown (config/iglu/schemas/com.nutritionfunnel/flag_exposure). */
  flagExposure(exposure: FlagExposure, meta: AnalyticsEventMeta): void;
}
