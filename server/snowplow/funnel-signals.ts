import type { FunnelSignal } from '../../engine/funnel-report';

/** The parts of a Micro GoodEvent the report reads. */
export interface MicroGoodEventLike {
  readonly eventType: string;
  readonly event: Readonly<Record<string, unknown>>;
}

/** The network user id the collector records for an anonymous (`SP-Anonymous`) request: no one in particular. */
const ANONYMOUS_NETWORK_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Micro's good events as report input: page views and onboarding events with their visitor
 * (domain_userid; for a visitor who refused cookies, who has none, the in-memory session id of the
 * page load, which is the most that can be known of them), path, answered step, UI language (the funnel_context entity, else the browser's)
 * and time (derived_tstamp, what Snowplow recommends for ordering a visitor's events).
 */
export function funnelSignals(events: readonly MicroGoodEventLike[]): FunnelSignal[] {
  return events.flatMap((good): FunnelSignal[] => {
    const e = good.event;
    const onboarding = record(e.unstruct_event_com_nutritionfunnel_onboarding_event_1);
    const kind = good.eventType === 'page_view' ? 'page_view' : good.eventType === 'unstruct' && onboarding !== undefined ? 'onboarding_event' : undefined;
    const networkUserId = text(e.network_userid);
    const visitor = text(e.domain_userid) ?? (networkUserId === ANONYMOUS_NETWORK_USER_ID ? undefined : networkUserId) ?? text(e.domain_sessionid);
    const path = text(e.page_urlpath);
    const at = Date.parse(text(e.derived_tstamp) ?? text(e.collector_tstamp) ?? '');
    if (kind === undefined || visitor === undefined || path === undefined || Number.isNaN(at)) return [];
    const entity = Array.isArray(e.contexts_com_nutritionfunnel_funnel_context_1) ? record(e.contexts_com_nutritionfunnel_funnel_context_1[0]) : undefined;
    const language = text(entity?.language) ?? text(e.br_lang) ?? 'unknown';
    const question = text(onboarding?.question);
    return [{ visitor, kind, path, language, at, ...(question === undefined ? {} : { question }) }];
  });
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function record(value: unknown): Readonly<Record<string, unknown>> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : undefined;
}
