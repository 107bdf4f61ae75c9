import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { requestInfo } from '../auth/request-info';
import type { CollectorContext } from './enrich-tracker-event';
import { badPayload, enrichTrackerEvent } from './enrich-tracker-event';
import type { IgluRegistry } from './iglu-registry';
import type { SnowplowStore } from './snowplow-store';

export interface CollectorRoutesDeps {
  readonly store: SnowplowStore;
  readonly registry: IgluRegistry;
}

const TRACKER_VENDOR = 'com.snowplowanalytics.snowplow';
/** The trackers' default `postPath`; other vendor paths (webhook adapters) are not emulated. */
export const TP2_PATH = `/${TRACKER_VENDOR}/tp2`;
const PAYLOAD_DATA = 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4';
/** What the stream collector sends for a request with `SP-Anonymous`: no network user id. */
const ANONYMOUS_USER_ID = '00000000-0000-0000-0000-000000000000';
const NETWORK_USER_COOKIE = 'sp';
const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAPAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/**
 * Snowplow's stream collector, as the browser tracker and the node tracker talk to it (WIRE.md):
 * `POST /com.snowplowanalytics.snowplow/tp2` (payload_data), `GET /i` and `GET` on the tp2 path
 * (one event in the query, a 1x1 GIF back), `GET /health`. Each event is validated and stored at once,
 * as Snowplow Micro does; the answer is `ok` either way, like the real collector, which never judges.
 */
export function createCollectorRoutes({ store, registry }: CollectorRoutesDeps): Hono {
  const app = new Hono();

  app.get('/health', (c) => c.text('ok'));

  // The tracker posts with credentials: the answer must name the page's origin, never `*`.
  app.options(TP2_PATH, (c) => {
    corsHeaders(c);
    c.header('Access-Control-Allow-Headers', 'Content-Type, SP-Anonymous');
    c.header('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    c.header('Access-Control-Max-Age', '3600');
    return c.body(null, 200);
  });

  app.post(TP2_PATH, async (c) => {
    const context = collectorContext(c);
    const body = await c.req.text();
    const events = payloadEvents(body, registry);
    if ('errors' in events) await store.add([{ bad: badPayload(context, body, events.errors) }]);
    else await store.add(events.parameters.map((parameters) => enrichTrackerEvent(parameters, context, registry)));
    corsHeaders(c);
    return c.text('ok');
  });

  app.get('/i', (c) => pixel(c, store, registry, 'tp1'));
  app.get(TP2_PATH, (c) => pixel(c, store, registry, 'tp2'));

  return app;
}

async function pixel(c: Context, store: SnowplowStore, registry: IgluRegistry, version: 'tp1' | 'tp2'): Promise<Response> {
  const context = { ...collectorContext(c), api: { vendor: TRACKER_VENDOR, version } };
  const parameters = c.req.query();
  if (Object.keys(parameters).length > 0) await store.add([enrichTrackerEvent(parameters, context, registry)]);
  c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
  c.header('Content-Type', 'image/gif');
  return c.body(new Uint8Array(TRANSPARENT_GIF));
}

function corsHeaders(c: Context): void {
  const origin = c.req.header('Origin');
  if (origin !== undefined) {
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Allow-Credentials', 'true');
    c.header('Vary', 'Origin');
  }
}

/** The request as the collector records it, and its network user id cookie (set when new). */
function collectorContext(c: Context): CollectorContext {
  const anonymous = c.req.header('SP-Anonymous') !== undefined;
  let networkUserId = ANONYMOUS_USER_ID;
  if (!anonymous) {
    networkUserId = getCookie(c, NETWORK_USER_COOKIE) ?? randomUUID();
    setCookie(c, NETWORK_USER_COOKIE, networkUserId, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', httpOnly: true });
  }
  const info = requestInfo(c, 'x-forwarded-for');
  const headers: string[] = [];
  c.req.raw.headers.forEach((value, name) => {
    // Cookies belong to other services on this origin; Micro shows headers, not secrets.
    if (name !== 'cookie' && name !== 'authorization') headers.push(`${name}: ${value}`);
  });
  return {
    timestamp: new Date(),
    ipAddress: anonymous ? '' : info.ip,
    useragent: info.userAgent,
    refererUri: c.req.header('Referer') ?? null,
    headers,
    networkUserId,
    hostname: new URL(c.req.url).hostname,
    contentType: c.req.header('Content-Type') ?? null,
    api: { vendor: TRACKER_VENDOR, version: 'tp2' },
  };
}

/** The events of a tp2 body: payload_data's `data` array of string maps, or why it is not one. */
function payloadEvents(body: string, registry: IgluRegistry): { parameters: Record<string, string>[] } | { errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { errors: ['The body is not JSON'] };
  }
  if (typeof json !== 'object' || json === null || !('schema' in json) || !('data' in json) || typeof json.schema !== 'string') {
    return { errors: ['The body is not a self-describing JSON (schema and data)'] };
  }
  const problems = registry.validate(json.schema, json.data);
  if (json.schema !== PAYLOAD_DATA && problems === undefined) return { errors: [`Unsupported payload schema ${json.schema}`] };
  if (problems === undefined || problems.length > 0 || !Array.isArray(json.data)) return { errors: problems === undefined ? ['payload_data schema missing'] : [...problems] };
  return { parameters: json.data.map(stringRecord) };
}

function stringRecord(value: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return record;
  for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') record[key] = entry;
  return record;
}
