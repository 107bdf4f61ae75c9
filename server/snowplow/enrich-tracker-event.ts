import type { IgluRegistry } from './iglu-registry';
import { parseIgluUri } from './iglu-registry';

/** What the collector knew about the request an event came in (Micro's `rawEvent.context`). */
export interface CollectorContext {
  readonly timestamp: Date;
  readonly ipAddress: string;
  readonly useragent: string | null;
  readonly refererUri: string | null;
  readonly headers: readonly string[];
  /** The collector's own cookie (`sp`): the network user id. */
  readonly networkUserId: string;
  readonly hostname: string;
  readonly contentType: string | null;
  readonly api: { readonly vendor: string; readonly version: string };
}

/** Micro's GoodEvent (WIRE.md): the raw tracker parameters and the enriched canonical event. */
export interface GoodEvent {
  readonly rawEvent: RawEvent;
  readonly eventType: string;
  readonly schema: string | null;
  readonly contexts: readonly string[];
  readonly event: Readonly<Record<string, unknown>>;
  readonly incomplete: false;
}

export interface RawEvent {
  readonly api: { readonly vendor: string; readonly version: string };
  readonly parameters: Readonly<Record<string, string>>;
  readonly contentType: string | null;
  readonly source: { readonly name: string; readonly encoding: 'UTF-8'; readonly hostname: string };
  readonly context: {
    readonly timestamp: string;
    readonly ipAddress: string;
    readonly useragent: string | null;
    readonly refererUri: string | null;
    readonly headers: readonly string[];
    readonly userId: string;
  };
}

/** Micro's BadEvent: what arrived and why it failed validation. */
export interface BadEvent {
  readonly collectorPayload: Readonly<Record<string, unknown>> | null;
  readonly rawEvent: RawEvent | null;
  readonly errors: readonly string[];
}

export type EnrichedOutcome = { readonly good: GoodEvent } | { readonly bad: BadEvent };

const EVENT_TYPES: Readonly<Record<string, string>> = {
  pv: 'page_view',
  pp: 'page_ping',
  se: 'struct',
  ue: 'unstruct',
  tr: 'transaction',
  ti: 'transaction_item',
  ad: 'ad_impression',
};

/** Tracker parameter -> canonical event column (the subset of atomic.events the web tracker fills). */
const COLUMNS: Readonly<Record<string, string>> = {
  aid: 'app_id',
  p: 'platform',
  eid: 'event_id',
  tv: 'v_tracker',
  tna: 'name_tracker',
  uid: 'user_id',
  duid: 'domain_userid',
  sid: 'domain_sessionid',
  url: 'page_url',
  page: 'page_title',
  refr: 'page_referrer',
  se_ca: 'se_category',
  se_ac: 'se_action',
  se_la: 'se_label',
  se_pr: 'se_property',
  lang: 'br_lang',
  cs: 'doc_charset',
  tz: 'os_timezone',
};
const INTEGER_COLUMNS: Readonly<Record<string, string>> = {
  vid: 'domain_sessionidx',
  pp_mix: 'pp_xoffset_min',
  pp_max: 'pp_xoffset_max',
  pp_miy: 'pp_yoffset_min',
  pp_may: 'pp_yoffset_max',
  cd: 'br_colordepth',
};

const UNSTRUCT_EVENT = 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0';
const CONTEXTS = 'iglu:com.snowplowanalytics.snowplow/contexts/jsonschema/1-0-0';

/**
 * Enrich's validation and shaping for one tracker-protocol event, as Snowplow Micro does it: the
 * self-describing event and every entity must name a schema the registry has and match it, else the
 * event is bad with the reasons; a good one gets the canonical column names (`page_url`,
 * `domain_userid`, `unstruct_event_<vendor>_<name>_<model>`, `contexts_<vendor>_<name>_<model>`).
 */
export function enrichTrackerEvent(parameters: Readonly<Record<string, string>>, context: CollectorContext, registry: IgluRegistry): EnrichedOutcome {
  const rawEvent = rawEventOf(parameters, context);
  const errors: string[] = [];
  const eventType = parameters.e === undefined ? undefined : EVENT_TYPES[parameters.e];
  if (eventType === undefined) errors.push(`Unknown event type e=${parameters.e ?? '(missing)'}`);

  const event: Record<string, unknown> = {
    event: eventType ?? null,
    collector_tstamp: context.timestamp.toISOString(),
    network_userid: context.networkUserId,
    user_ipaddress: context.ipAddress,
    useragent: context.useragent,
  };
  for (const [parameter, column] of Object.entries(COLUMNS)) {
    const value = parameters[parameter];
    if (value !== undefined) event[column] = value;
  }
  for (const [parameter, column] of Object.entries(INTEGER_COLUMNS)) {
    const value = parameters[parameter];
    if (value !== undefined && /^-?\d+$/.test(value)) event[column] = Number(value);
  }
  setTimestamp(event, 'dvce_created_tstamp', parameters.dtm);
  setTimestamp(event, 'dvce_sent_tstamp', parameters.stm);
  setTimestamp(event, 'true_tstamp', parameters.ttm);
  event.derived_tstamp = event.true_tstamp ?? event.dvce_created_tstamp ?? event.collector_tstamp;
  setDimensions(event, parameters.vp, 'br_viewwidth', 'br_viewheight');
  setDimensions(event, parameters.res, 'dvce_screenwidth', 'dvce_screenheight');
  setDimensions(event, parameters.ds, 'doc_width', 'doc_height');
  if (parameters.url !== undefined) Object.assign(event, urlParts(parameters.url));

  let schema: string | null = null;
  if (eventType === 'unstruct') {
    const envelope = selfDescribing(parameters.ue_pr, parameters.ue_px, 'ue_pr/ue_px', errors);
    if (envelope !== undefined) {
      const inner = unwrap(UNSTRUCT_EVENT, envelope, registry, errors);
      if (isSelfDescribing(inner)) {
        schema = inner.schema;
        const data = checked(inner.schema, inner.data, registry, errors);
        const key = parseIgluUri(inner.schema);
        if (key !== undefined) {
          event.event_vendor = key.vendor;
          event.event_name = key.name;
          event.event_format = key.format;
          event.event_version = key.version;
          event[columnName('unstruct_event', inner.schema)] = data;
        }
      }
    }
  } else if (eventType !== undefined) {
    event.event_vendor = 'com.snowplowanalytics.snowplow';
    event.event_name = eventType;
    event.event_format = 'jsonschema';
  }

  const contexts: string[] = [];
  if (parameters.co !== undefined || parameters.cx !== undefined) {
    const envelope = selfDescribing(parameters.co, parameters.cx, 'co/cx', errors);
    const entities = envelope === undefined ? undefined : unwrap(CONTEXTS, envelope, registry, errors);
    if (Array.isArray(entities)) {
      for (const entity of entities) {
        if (!isSelfDescribing(entity)) continue;
        contexts.push(entity.schema);
        const data = checked(entity.schema, entity.data, registry, errors);
        const column = columnName('contexts', entity.schema);
        const existing: unknown = event[column];
        event[column] = Array.isArray(existing) ? existing.concat([data]) : [data];
      }
    }
  }

  if (errors.length > 0 || eventType === undefined) {
    return { bad: { collectorPayload: null, rawEvent, errors: ['Error while validating the event.', badRow(context, parameters, errors)] } };
  }
  return { good: { rawEvent, eventType, schema, contexts, event, incomplete: false } };
}

/** A payload the collector could not even split into events (bad JSON, not payload_data). */
export function badPayload(context: CollectorContext, body: string, errors: readonly string[]): BadEvent {
  return {
    collectorPayload: { api: context.api, body, contentType: context.contentType, timestamp: context.timestamp.toISOString(), ipAddress: context.ipAddress, useragent: context.useragent, headers: context.headers, networkUserId: context.networkUserId },
    rawEvent: null,
    errors: ['Error while extracting event(s) from collector payload and validating it/them.', JSON.stringify({ schema: 'iglu:com.snowplowanalytics.snowplow.badrows/adapter_failures/jsonschema/1-0-0', data: { failure: { timestamp: context.timestamp.toISOString(), messages: errors } } })],
  };
}

function rawEventOf(parameters: Readonly<Record<string, string>>, context: CollectorContext): RawEvent {
  return {
    api: context.api,
    parameters,
    contentType: context.contentType,
    source: { name: 'ssc-local-stack', encoding: 'UTF-8', hostname: context.hostname },
    context: {
      timestamp: context.timestamp.toISOString(),
      ipAddress: context.ipAddress,
      useragent: context.useragent,
      refererUri: context.refererUri,
      headers: context.headers,
      userId: context.networkUserId,
    },
  };
}

function badRow(context: CollectorContext, parameters: Readonly<Record<string, string>>, errors: readonly string[]): string {
  return JSON.stringify({
    schema: 'iglu:com.snowplowanalytics.snowplow.badrows/schema_violations/jsonschema/2-0-0',
    data: { processor: { artifact: 'local-stack-micro', version: '1' }, failure: { timestamp: context.timestamp.toISOString(), messages: errors }, payload: parameters },
  });
}

interface SelfDescribingJson {
  readonly schema: string;
  readonly data: unknown;
}

function isSelfDescribing(value: unknown): value is SelfDescribingJson {
  return typeof value === 'object' && value !== null && 'schema' in value && typeof value.schema === 'string' && 'data' in value;
}

/** `ue_pr`/`co` are plain JSON; `ue_px`/`cx` the same JSON in base64url (GET, or encodeBase64). */
function selfDescribing(plain: string | undefined, base64: string | undefined, field: string, errors: string[]): unknown {
  const text = plain ?? (base64 === undefined ? undefined : Buffer.from(base64, 'base64url').toString('utf8'));
  if (text === undefined) {
    errors.push(`${field}: missing`);
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    errors.push(`${field}: not valid JSON`);
    return undefined;
  }
}

/** The data of the tracker's outer wrapper (`unstruct_event` or `contexts`), checked against it. */
function unwrap(expected: string, envelope: unknown, registry: IgluRegistry, errors: string[]): unknown {
  if (!isSelfDescribing(envelope) || envelope.schema !== expected) {
    errors.push(`Expected a self-describing JSON with schema ${expected}`);
    return undefined;
  }
  return checked(expected, envelope.data, registry, errors);
}

/** The data when it names a known schema and matches it; records why not otherwise. */
function checked(schema: string, data: unknown, registry: IgluRegistry, errors: string[]): unknown {
  const problems = registry.validate(schema, data);
  if (problems === undefined) errors.push(`${schema}: schema not found in the Iglu registry`);
  else for (const problem of problems) errors.push(`${schema}: ${problem}`);
  return data;
}

/** Enriched JSON column: vendor dots to underscores, camelCase name to snake_case, model only. */
function columnName(prefix: 'unstruct_event' | 'contexts', uri: string): string {
  const key = parseIgluUri(uri);
  if (key === undefined) return `${prefix}_unknown`;
  const snake = (value: string) => value.replace(/[.-]/g, '_').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return `${prefix}_${snake(key.vendor)}_${snake(key.name)}_${key.version.split('-')[0] ?? '1'}`;
}

function setTimestamp(event: Record<string, unknown>, column: string, milliseconds: string | undefined): void {
  if (milliseconds === undefined || !/^\d+$/.test(milliseconds)) return;
  event[column] = new Date(Number(milliseconds)).toISOString();
}

function setDimensions(event: Record<string, unknown>, value: string | undefined, width: string, height: string): void {
  const match = value === undefined ? null : /^(\d+)x(\d+)$/.exec(value);
  if (!match) return;
  event[width] = Number(match[1]);
  event[height] = Number(match[2]);
}

function urlParts(url: string): Record<string, unknown> {
  try {
    const parsed = new URL(url);
    return {
      page_urlscheme: parsed.protocol.replace(/:$/, ''),
      page_urlhost: parsed.hostname,
      page_urlport: parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port),
      page_urlpath: parsed.pathname,
      page_urlquery: parsed.search === '' ? null : parsed.search.slice(1),
      page_urlfragment: parsed.hash === '' ? null : parsed.hash.slice(1),
    };
  } catch {
    return {};
  }
}
