import { describe, expect, it } from 'vitest';
import { SNOWPLOW_LIMITS, snowplowTrackerConfig } from '../../../services/analytics/snowplow-tracker-config';

describe('Snowplow tracker settings', () => {
  it("carry the spec's limits (onboarding-signup.md section 9 and the collector row of section 7)", () => {
    expect(snowplowTrackerConfig('nutrition-funnel-web', true)).toMatchObject({
      appId: 'nutrition-funnel-web',
      eventMethod: 'post',
      maxLocalStorageQueueSize: 1000,
      sessionCookieTimeout: 1800,
      cookieLifetime: 63_072_000,
      maxPostBytes: 40_000,
      connectionTimeout: 5000,
      retryFailedRequests: true,
      dontRetryStatusCodes: [400, 401, 403, 410, 422],
    });
    expect(snowplowTrackerConfig('nutrition-funnel-web', true)).not.toHaveProperty('anonymousTracking');
    // Sends survive the page's unload (the last answer before the tab closes), and fit keepalive's 64 KB.
    for (const cookies of [true, false]) expect(snowplowTrackerConfig('nutrition-funnel-web', cookies)).toMatchObject({ keepalive: true });
    expect(SNOWPLOW_LIMITS.maxPostBytes).toBeLessThanOrEqual(64 * 1024);
    expect(Number.isInteger(SNOWPLOW_LIMITS.minimumVisitLengthSeconds) && Number.isInteger(SNOWPLOW_LIMITS.heartbeatDelaySeconds)).toBe(true);
  });

  it('without consent for cookies store nothing on the device and ask the collector for no cookie either', () => {
    expect(snowplowTrackerConfig('nutrition-funnel-web', false)).toMatchObject({
      anonymousTracking: { withSessionTracking: true, withServerAnonymisation: true },
      stateStorageStrategy: 'none',
      maxPostBytes: 40_000,
    });
  });
});
