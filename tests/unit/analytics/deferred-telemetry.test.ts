import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsService } from '../../../services/analytics/analytics-service';
import { createDeferredAnalytics } from '../../../services/analytics/deferred-analytics';
import { createDeferredErrorReporter } from '../../../services/errors/deferred-error-reporter';

const meta = (timestamp: number) => ({ timestamp, language: 'de' });
const event = { answers: ['female'], question: 'gender', step: 1, steps_total: 23, url: 'http://x/onboarding/gender' };

/** A tracker that records page views and onboarding events as short strings, in order. */
function recordingTracker(): { calls: string[]; service: AnalyticsService } {
  const calls: string[] = [];
  const service: AnalyticsService = {
    pageView: (url) => calls.push(`pv ${url}`),
    onboardingEvent: (e) => calls.push(`ue ${e.question}`),
    flagExposure: () => undefined,
  };
  return { calls, service };
}

describe('deferred analytics', () => {
  it('loads nothing until started, then sends what was recorded, in order, with the time it happened', async () => {
    const calls: string[] = [];
    const service: AnalyticsService = {
      pageView: (url, _title, m) => calls.push(`pv ${url} ${m.timestamp}`),
      onboardingEvent: (e, m) => calls.push(`ue ${e.question} ${m.timestamp}`),
      flagExposure: (x, m) => calls.push(`exposure ${x.variant} ${m.timestamp}`),
    };
    const load = vi.fn(() => Promise.resolve(service));
    const analytics = createDeferredAnalytics(load, () => {});
    analytics.pageView('http://x/onboarding/gender', 'T', meta(1));
    analytics.onboardingEvent(event, meta(2));
    analytics.pageView('http://x/onboarding/company', 'T', meta(3));
    analytics.flagExposure({ flag: 'f', variant: 'feedback-v1', flow: 'v1', fallback: false }, meta(4));
    expect(load).not.toHaveBeenCalled();
    analytics.start();
    analytics.start();
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    expect(load).toHaveBeenCalledTimes(1);
    analytics.pageView('http://x/onboarding/chooseGoal', 'T', meta(5));
    expect(calls).toEqual(['pv http://x/onboarding/gender 1', 'ue gender 2', 'pv http://x/onboarding/company 3', 'exposure feedback-v1 4', 'pv http://x/onboarding/chooseGoal 5']);
  });

  it('once loaded, hands calls to the tracker after the next paint, in order, in one batch', async () => {
    const { calls, service } = recordingTracker();
    const painted: (() => void)[] = [];
    const analytics = createDeferredAnalytics(() => Promise.resolve(service), () => {}, (task) => painted.push(task));
    // What was recorded before the tracker loaded goes out once it has, after a paint: not in the task
    // that created the tracker (one long task on a phone).
    analytics.pageView('http://x/onboarding/gender', 'T', meta(0));
    analytics.start();
    await vi.waitFor(() => expect(painted).toHaveLength(1));
    expect(calls).toEqual([]);
    painted.shift()?.();
    expect(calls).toEqual(['pv http://x/onboarding/gender']);
    calls.length = 0;
    // A tap: the answer's event and the next page's view, while the click is being handled.
    analytics.onboardingEvent(event, meta(1));
    analytics.pageView('http://x/onboarding/company', 'T', meta(2));
    expect(calls).toEqual([]);
    expect(painted).toHaveLength(1);
    painted.shift()?.();
    expect(calls).toEqual(['ue gender', 'pv http://x/onboarding/company']);
    analytics.pageView('http://x/onboarding/chooseGoal', 'T', meta(3));
    expect(painted).toHaveLength(1);
  });

  it('hands waiting calls to the tracker at once when the visitor may be leaving, and never twice', async () => {
    const { calls, service } = recordingTracker();
    const painted: (() => void)[] = [];
    const leaving: (() => void)[] = [];
    const analytics = createDeferredAnalytics(
      () => Promise.resolve(service),
      () => {},
      (task) => painted.push(task),
      (task) => leaving.push(task),
    );
    analytics.start();
    await vi.waitFor(() => expect(leaving).toHaveLength(1));
    // The last answer, then the tab is closed before the idle moment after the paint came.
    analytics.onboardingEvent(event, meta(1));
    expect(calls).toEqual([]);
    leaving[0]?.();
    expect(calls).toEqual(['ue gender']);
    painted.shift()?.();
    expect(calls).toEqual(['ue gender']);
    // Back on the page (it was only hidden): calls wait for the paint again.
    analytics.pageView('http://x/onboarding/company', 'T', meta(2));
    expect(calls).toEqual(['ue gender']);
    painted.shift()?.();
    expect(calls).toEqual(['ue gender', 'pv http://x/onboarding/company']);
  });

  it('survives a tracker that fails to load or throws: logged, never thrown at the funnel', async () => {
    const log = vi.fn();
    const failing = createDeferredAnalytics(() => Promise.reject(new Error('chunk failed')), log);
    failing.pageView('http://x/a', 'T', meta(1));
    failing.start();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Analytics tracker failed to load', expect.any(Error)));
    expect(() => failing.pageView('http://x/b', 'T', meta(2))).not.toThrow();

    const throwing = createDeferredAnalytics(
      () => Promise.resolve({ pageView: () => { throw new Error('boom'); }, onboardingEvent: () => {}, flagExposure: () => {} }),
      log,
    );
    throwing.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(() => throwing.pageView('http://x/c', 'T', meta(3))).not.toThrow();
    expect(log).toHaveBeenCalledWith('Analytics call failed', expect.any(Error));
  });
});

describe('deferred error reporter', () => {
  it('logs every error, starts the SDK at the first one, and sends queued errors once it is live', async () => {
    const sent: unknown[] = [];
    const log = vi.fn();
    const onLive = vi.fn();
    let resolveLoad: (reporter: { report: (error: unknown) => void }) => void = () => {};
    const load = vi.fn(() => new Promise<{ report: (error: unknown) => void }>((resolve) => (resolveLoad = resolve)));
    const errors = createDeferredErrorReporter(load, log, onLive);
    const first = new Error('first');
    const second = new Error('second');
    errors.report(first);
    errors.report(second);
    expect(load).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('App error', first);
    expect(sent).toEqual([]);
    resolveLoad({ report: (error) => sent.push(error) });
    await vi.waitFor(() => expect(onLive).toHaveBeenCalled());
    const third = new Error('third');
    errors.report(third);
    expect(sent).toEqual([first, second, third]);
  });
});
