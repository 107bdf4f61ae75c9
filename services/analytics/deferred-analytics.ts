import type { AnalyticsEventMeta, AnalyticsService } from './analytics-service';
import type { OnboardingEvent } from '../../engine/onboarding-event';
import type { FlagExposure } from '../flags/resolve-funnel-flow';

type Call =
  | { readonly kind: 'pageView'; readonly url: string; readonly title: string; readonly meta: AnalyticsEventMeta }
  | { readonly kind: 'onboardingEvent'; readonly event: OnboardingEvent; readonly meta: AnalyticsEventMeta }
  | { readonly kind: 'flagExposure'; readonly exposure: FlagExposure; readonly meta: AnalyticsEventMeta };

export interface DeferredAnalytics extends AnalyticsService {
  /** Loads the real service (once) and sends what was recorded meanwhile, in order. */
  start(): void;
}

/** Calls recorded before the tracker loads; a visitor who never lets it load must not grow memory forever. */
const MAX_QUEUED = 1000;

/** Runs a task soon, but not before the screen the visitor is waiting for has been painted. */
export type AfterPaint = (task: () => void) => void;

/** Calls `task` whenever the visitor may be leaving the page (it is hidden or unloaded). */
export type WhenLeaving = (task: () => void) => void;

/**
 * Analytics whose SDK loads later: the first step never waits for the tracker, and nothing recorded
 * before it arrives is lost (each call keeps its own time and URL). Once loaded, calls still go to the
 * tracker only after the next paint (`afterPaint`), in order: a tap's next question is painted before
 * the tracker builds, stores and sends its events. Calls still waiting for that moment go to the
 * tracker at once when the visitor may be leaving (`whenLeaving`): the tracker stores them and sends
 * them now or on the next visit. A failed load is logged and the queue dropped: analytics never breaks
 * the funnel.
 */
export function createDeferredAnalytics(
  load: () => Promise<AnalyticsService>,
  log: (message: string, error: unknown) => void,
  afterPaint: AfterPaint = (task) => task(),
  whenLeaving: WhenLeaving = () => {},
): DeferredAnalytics {
  let queue: Call[] | undefined = [];
  let live: AnalyticsService | undefined;
  let started = false;
  let unsent: Call[] = [];
  const send = (service: AnalyticsService, call: Call): void => {
    try {
      if (call.kind === 'pageView') service.pageView(call.url, call.title, call.meta);
      else if (call.kind === 'onboardingEvent') service.onboardingEvent(call.event, call.meta);
      else service.flagExposure(call.exposure, call.meta);
    } catch (error) {
      log('Analytics call failed', error);
    }
  };
  const flush = (service: AnalyticsService): void => {
    const calls = unsent;
    unsent = [];
    for (const next of calls) send(service, next);
  };
  const flushAfterPaint = (service: AnalyticsService): void => afterPaint(() => flush(service));
  const record = (call: Call): void => {
    const service = live;
    if (service) {
      unsent.push(call);
      if (unsent.length > 1) return; // a flush is already scheduled; it sends this one too, in order
      flushAfterPaint(service);
    } else if (queue && queue.length < MAX_QUEUED) queue.push(call);
  };
  return {
    pageView: (url, title, meta) => record({ kind: 'pageView', url, title, meta }),
    onboardingEvent: (event, meta) => record({ kind: 'onboardingEvent', event, meta }),
    flagExposure: (exposure, meta) => record({ kind: 'flagExposure', exposure, meta }),
    start() {
      if (started) return;
      started = true;
      load().then(
        (service) => {
          live = service;
          whenLeaving(() => flush(service));
          // What was recorded meanwhile goes out in a task of its own: creating the tracker and sending
          // the queue together were one long task of 50-70 ms on a phone at 4x.
          unsent = [...(queue ?? []), ...unsent];
          queue = undefined;
          if (unsent.length > 0) flushAfterPaint(service);
        },
        (error: unknown) => {
          queue = undefined;
          log('Analytics tracker failed to load', error);
        },
      );
    },
  };
}
