import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { repoRoot } from '../repo-root';
import { MetaStore } from './meta-store';

/** A transparent 1x1 GIF, what www.facebook.com/tr answers. */
const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Meta's `action_source` values (Conversions API server event parameters). */
const ACTION_SOURCES = new Set(['email', 'website', 'app', 'phone_call', 'chat', 'physical_store', 'system_generated', 'business_messaging', 'other']);
/** user_data fields Meta only takes hashed (WIRE.md); external_id, IP, user agent, fbc and fbp are not. */
const HASHED_FIELDS = ['em', 'ph', 'ct', 'st', 'zp', 'country', 'fn', 'ln', 'ge', 'db'] as const;
const SHA256_HEX = /^[a-f0-9]{64}$/;
const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export interface MetaRoutesDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'metaPixelId' | 'metaAccessToken'>;
  /** Seconds since the epoch (tests move it). */
  readonly nowSeconds?: () => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `/meta/*`, the Meta stand-ins (docs/local-stack.md):
 * - `GET /meta/fbevents.js`: the stand-in library (server/meta/stand-in/), bundled on first request;
 * - `GET|POST /meta/tr` (and `/meta/tr/`): the pixel's event requests with Meta's `/tr` parameters,
 *   recorded and answered with a 1x1 GIF;
 * - `POST /meta/graph/<version>/<pixel id>/events`: the Conversions API, checked as WIRE.md says
 *   (token, pixel id, `event_time`, `action_source`, website fields, hashed fields) and recorded.
 */
export function createMetaRoutes({ db, config, nowSeconds = () => Math.floor(Date.now() / 1000) }: MetaRoutesDeps): Hono {
  const app = new Hono();
  const store = new MetaStore(db);
  let bundle: Promise<string> | undefined;

  app.get('/fbevents.js', async (c) => {
    bundle ??= bundleStandIn();
    // A failed build (a syntax error while editing) must not stick.
    bundle.catch(() => (bundle = undefined));
    return c.body(await bundle, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
  });

  const recordPixelRequest = async (c: Context): Promise<Response> => {
    const params: Record<string, string> = Object.fromEntries(new URL(c.req.url).searchParams);
    // Large payloads go as a form POST on Meta's side (rqm=formPOST); same parameter names.
    if (c.req.method === 'POST') {
      const form = new URLSearchParams(await c.req.text());
      for (const [key, value] of form) params[key] = value;
    }
    if (params.id === undefined || params.ev === undefined) return c.body(PIXEL_GIF, 400, { 'Content-Type': 'image/gif' });
    await store.recordPixelEvent(params, c.req.header('user-agent'));
    return c.body(PIXEL_GIF, 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-cache, no-store, must-revalidate' });
  };
  for (const path of ['/tr', '/tr/']) {
    app.get(path, recordPixelRequest);
    app.post(path, recordPixelRequest);
  }

  app.post('/graph/:version/:pixelId/events', async (c) => {
    const traceId = randomBytes(9).toString('base64url');
    const graphError = (code: number, message: string, subcode?: number): Response =>
      c.json({ error: { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: traceId } }, 400);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return graphError(100, 'Invalid parameter: the body must be JSON');
    }
    if (!isRecord(body)) return graphError(100, 'Invalid parameter: the body must be a JSON object');
    // Both token placements (WIRE.md): the JSON body (the SDK's way) or the query string.
    const token = typeof body.access_token === 'string' ? body.access_token : c.req.query('access_token');
    if (token === undefined) return graphError(190, 'An access token is required to request this resource.');
    if (token !== config.metaAccessToken) return graphError(190, 'Invalid OAuth access token - Cannot parse access token');
    const pixelId = c.req.param('pixelId');
    if (pixelId !== config.metaPixelId) return graphError(100, `Unsupported post request. Object with ID '${pixelId}' does not exist`, 33);
    const data = body.data;
    if (!Array.isArray(data) || data.length === 0) return graphError(100, 'Invalid parameter: data must be a non-empty array');
    if (data.length > 1000) return graphError(100, 'Invalid parameter: at most 1000 events per request');
    const events: Record<string, unknown>[] = [];
    for (const [index, event] of data.entries()) {
      const problem = eventProblem(event, nowSeconds());
      if (problem !== undefined) return graphError(100, `Invalid parameter: data[${index}]: ${problem}`, 2804008);
      if (isRecord(event)) events.push(event);
    }
    const testEventCode = typeof body.test_event_code === 'string' ? body.test_event_code : undefined;
    await store.recordServerEvents(pixelId, events, testEventCode);
    return c.json({ events_received: events.length, messages: [], fbtrace_id: traceId });
  });

  return app;
}

/** Why Meta would refuse this server event, or undefined. */
export function eventProblem(event: unknown, now: number): string | undefined {
  if (!isRecord(event)) return 'each event must be an object';
  if (typeof event.event_name !== 'string' || event.event_name === '') return 'event_name is required';
  if (typeof event.event_time !== 'number' || !Number.isInteger(event.event_time)) return 'event_time must be Unix seconds (an integer)';
  if (event.event_time < now - SEVEN_DAYS_SECONDS) return 'event_time is more than 7 days old';
  // Milliseconds instead of seconds is the usual mistake; Meta refuses events from the future.
  if (event.event_time > now + 60) return 'event_time is in the future (seconds, not milliseconds)';
  if (typeof event.action_source !== 'string' || !ACTION_SOURCES.has(event.action_source)) return 'action_source is required';
  const userData = event.user_data;
  if (!isRecord(userData)) return 'user_data is required';
  if (event.action_source === 'website') {
    if (typeof event.event_source_url !== 'string' || event.event_source_url === '') return 'event_source_url is required for website events';
    if (typeof userData.client_user_agent !== 'string' || userData.client_user_agent === '') return 'user_data.client_user_agent is required for website events';
  }
  for (const field of HASHED_FIELDS) {
    const value = userData[field];
    if (value === undefined) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (!values.every((item) => typeof item === 'string' && SHA256_HEX.test(item))) return `user_data.${field} must be SHA-256 hashed (64 lowercase hex characters)`;
  }
  const customData = event.custom_data;
  if (customData !== undefined && !isRecord(customData)) return 'custom_data must be an object';
  if (event.event_name === 'Purchase' && (customData === undefined || typeof customData.value !== 'number' || typeof customData.currency !== 'string')) {
    return 'Purchase events need custom_data.value and custom_data.currency';
  }
  return undefined;
}

async function bundleStandIn(): Promise<string> {
  const result = await build({
    entryPoints: [join(repoRoot(import.meta.url), 'server', 'meta', 'stand-in', 'fbevents-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('The fbevents.js stand-in bundled to nothing');
  return output.text;
}
