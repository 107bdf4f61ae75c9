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
 *
 * Without consent for cookies (`cookies: false`) the tracker stores nothing on the device: Snowplow's
 * anonymous tracking (no `_sp_id` user id, `SP-Anonymous` so the collector sets no `sp` cookie and keeps
 * no IP) and state storage `none` (no `_sp_ses` cookie, the send queue in memory, not local storage).
 * Session tracking stays on, in memory: the events of one page load still belong together.
 */
export function snowplowTrackerConfig(appId: string, cookies: boolean): TrackerConfiguration {
  return {
    ...(cookies ? {} : { anonymousTracking: { withSessionTracking: true, withServerAnonymisation: true }, stateStorageStrategy: 'none' as const }),
    appId,
    platform: 'web',
    eventMethod: 'post',
    bufferSize: 1,
    // The request survives the page: the last answer's event, handed over when the tab is closed or the
    // visitor leaves (deferred-analytics.ts), still reaches the collector, also without consent, when
    // the send queue is in memory only. A batch is at most maxPostBytes, under keepalive's 64 KB.
    keepalive: true,
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
