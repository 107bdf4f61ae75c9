import type { TelemetryArea } from './telemetry-area';

/**
 * Telemetry that sends nothing, for renders with no collector behind them (the build's prerender,
 * Storybook): errors go to `reportError`, everything else is dropped, and a conversion is refused
 * (nothing there may pretend an ad-platform event was sent).
 */
export function quietTelemetryArea(reportError: (error: unknown) => void): TelemetryArea {
  const noop = (): void => {};
  const refused = (): Promise<never> => Promise.reject(new Error('No conversions are sent from here'));
  return {
    reportError,
    recordPageView: noop,
    trackOnboardingEvent: noop,
    recordFlagExposure: noop,
    startTelemetry: noop,
    conversions: { start: noop, revoke: noop, completeRegistration: refused, initiateCheckout: refused, purchase: refused },
  };
}
