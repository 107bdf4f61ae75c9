import type { TelemetryArea } from './telemetry-area';

/**
 * Telemetry that sends nothing, for renders with no collector behind them (the build's prerender,
 * Storybook): errors go to `reportError`, everything else is dropped; conversions resolve having sent
 * nothing, as they do without consent (a sign-up story's tracking never rejects).
 */
export function quietTelemetryArea(reportError: (error: unknown) => void): TelemetryArea {
  const noop = (): void => {};
  const unsent = (): Promise<void> => Promise.resolve();
  return {
    reportError,
    recordPageView: noop,
    trackOnboardingEvent: noop,
    recordFlagExposure: noop,
    startTelemetry: noop,
    conversions: { start: noop, revoke: noop, completeRegistration: unsent, initiateCheckout: unsent, purchase: unsent },
  };
}
