import type { TrackerConfiguration } from '@snowplow/browser-tracker';

/** The spec's analytics constants (onboarding-signup.md section 9). */
export const SNOWPLOW_LIMITS = {
  maxLocalStorageQueueSize: 1000,
  sessionCookieTimeoutSeconds: 1800,
  cookieLifetimeSeconds: 63_072_000,
  maxPostBytes: 40_000,
  connectionTimeoutMs: 5000,
  dontRetryStatusCodes: [400, 401, 403, 410, 422],
  /** Page pings: whole seconds, as the spec requires integers. */
  minimumVisitLengthSeconds: 30,
  heartbeatDelaySeconds: 10,
} as const;

/**
 * `newTracker`'s configuration: POST batches to the collector with the spec's limits. The tracker
 * retries any other failure on its next send; these statuses mean the batch will never be accepted.
 */
export function snowplowTrackerConfig(appId: string): TrackerConfiguration {
  return {
    appId,
    platform: 'web',
    eventMethod: 'post',
    bufferSize: 1,
    maxPostBytes: SNOWPLOW_LIMITS.maxPostBytes,
    connectionTimeout: SNOWPLOW_LIMITS.connectionTimeoutMs,
    maxLocalStorageQueueSize: SNOWPLOW_LIMITS.maxLocalStorageQueueSize,
    sessionCookieTimeout: SNOWPLOW_LIMITS.sessionCookieTimeoutSeconds,
    cookieLifetime: SNOWPLOW_LIMITS.cookieLifetimeSeconds,
    retryFailedRequests: true,
    dontRetryStatusCodes: [...SNOWPLOW_LIMITS.dontRetryStatusCodes],
    contexts: { webPage: true, session: false, browser: false },
  };
}
