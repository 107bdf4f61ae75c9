import type { OnboardingEvent } from '../../engine/onboarding-event';
import type { FlagExposure } from '../flags/resolve-funnel-flow';
import type { ConversionTracking } from '../tracking/conversion-tracking';

/** Errors, analytics and the ad platform's conversions: what the app reports, never what it shows. */
export interface TelemetryArea {
  /** Reports an error to the error reporter (Sentry) and logs it; starts the reporter when it is not yet loaded. */
  readonly reportError: (error: unknown) => void;
  /** Called on every location change: an analytics page view. */
  readonly recordPageView: (url: string) => void;
  /** An answered funnel step (the spec's onboarding_event). */
  readonly trackOnboardingEvent: (event: OnboardingEvent) => void;
  /** The flag's variant the visitor was shown (the funnel's flow lookup). */
  readonly recordFlagExposure: (exposure: FlagExposure) => void;
  /**
   * Loads the analytics tracker and the error reporter (each its own chunk), once: called when the
   * first step has painted, so neither is in the first step's critical path. Calls made earlier wait.
   * It starts the ad pixel (`conversions.start`) at the same moment.
   */
  readonly startTelemetry: () => void;
  /**
   * The ad platform's conversions (Meta pixel and server events through `track-event`), behind consent
   * (services/tracking/consent-gated-conversions.ts); the events never reject or block.
   */
  readonly conversions: ConversionTracking;
}
