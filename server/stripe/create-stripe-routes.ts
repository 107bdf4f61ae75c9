import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Database } from '../db/database';
import { renderObject } from './render-object';
import { StripeApiError } from './stripe-api-error';
import type { StripeErrorBody } from './stripe-api-error';
import type { StripeAnswer, StripeCaller, StripeContext, StripeHandler } from './stripe-context';
import { recordEvent, STRIPE_API_VERSION } from './stripe-events';
import { decodeStripeForm, StripeParams } from './stripe-params';
import { StripeStore } from './stripe-store';

export interface StripeKeys {
  /** The secret key (`sk_test_...`) the server SDK sends as `Authorization: Bearer`. */
  readonly secretKey: string;
  /** The publishable key (`pk_test_...`) the browser sends as `key`, accepted on browser routes only. */
  readonly publishableKey: string;
}

export interface RouteOptions {
  /** Stripe.js calls this route with `key=pk_...` (and a client secret the handler checks). */
  readonly publishable?: boolean;
}

/** How resource modules add their routes. Paths are below /v1 with Hono's `:param` syntax. */
export interface StripeRouter {
  get(path: string, handler: StripeHandler, options?: RouteOptions): void;
  post(path: string, handler: StripeHandler, options?: RouteOptions): void;
  delete(path: string, handler: StripeHandler, options?: RouteOptions): void;
}

export interface StripeRoutesDeps {
  readonly db: Database;
  readonly keys: StripeKeys;
  /** Resource modules, each adding its routes. */
  readonly resources: readonly ((router: StripeRouter) => void)[];
  /** Called after a request's transaction committed with at least one event (webhook delivery). */
  readonly onEvents?: () => void;
  readonly now?: () => number;
}

/** Requests using an Idempotency-Key right now, per API key: a second one gets 409 (STRIPE.md 1.10). */
const inFlight = new Set<string>();

/**
 * The Stripe API emulator, mounted at /v1: authentication by key, Stripe's form encoding, one
 * transaction per request, idempotent POSTs, and Stripe's error bodies and headers.
 */
export function createStripeRoutes(deps: StripeRoutesDeps): Hono {
  const { db, keys } = deps;
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  const app = new Hono();

  const register = (method: 'GET' | 'POST' | 'DELETE') => (path: string, handler: StripeHandler, options: RouteOptions = {}) => {
    app.on(method, path, (c) => handle(c, handler, options));
  };
  const router: StripeRouter = { get: register('GET'), post: register('POST'), delete: register('DELETE') };
  for (const add of deps.resources) add(router);

  app.all('*', (c) =>
    answer(c, { status: 404, body: errorBody({ type: 'invalid_request_error', message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` }) }, requestIdFor()),
  );

  async function handle(c: Context, handler: StripeHandler, options: RouteOptions): Promise<Response> {
    const requestId = requestIdFor();
    let raw: Record<string, unknown>;
    try {
      const query = decodeStripeForm(new URL(c.req.url).search.slice(1));
      const body = c.req.method === 'POST' ? decodeStripeForm(await c.req.text()) : {};
      raw = { ...query, ...body };
    } catch {
      return answer(c, { status: 400, body: errorBody({ type: 'invalid_request_error', message: 'Invalid request body.' }) }, requestId);
    }
    const params = new StripeParams(raw);

    const caller = authenticate(c, params, options);
    if (typeof caller !== 'string') return answer(c, caller, requestId);
    // The key the request authenticated with scopes its idempotency keys (per account in Stripe).
    const apiKey = caller === 'secret' ? keys.secretKey : keys.publishableKey;

    const idempotencyKey = c.req.method === 'POST' ? (c.req.header('idempotency-key') ?? null) : null;
    const comparable = JSON.stringify(sortKeys({ ...raw, key: undefined }));
    const flightKey = `${apiKey}\n${idempotencyKey ?? ''}`;
    if (idempotencyKey !== null) {
      if (idempotencyKey.length > 255) {
        return answer(c, { status: 400, body: errorBody({ type: 'invalid_request_error', message: 'Idempotency-Key must be at most 255 characters long.', param: 'Idempotency-Key' }) }, requestId);
      }
      let replay: ((c: Context) => Response) | undefined;
      try {
        replay = await storedAnswer(apiKey, idempotencyKey, c.req.method, c.req.path, comparable);
      } catch (error) {
        // The database is unreachable before the request's transaction began: still Stripe's 500.
        return failed(c, requestId, error);
      }
      if (replay !== undefined) return replay(c);
      if (inFlight.has(flightKey)) {
        return answer(c, { status: 409, body: errorBody({ type: 'idempotency_error', message: 'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' + idempotencyKey + '. Please try again later.' }) }, requestId);
      }
      inFlight.add(flightKey);
    }

    let eventCount = 0;
    try {
      const result = await db.transaction(async (tx) => {
        // One writer at a time: the emulator's invariants (one customer per email, idempotency) are
        // checked and written in the same transaction without races.
        if (c.req.method !== 'GET') await tx.query('select pg_advisory_xact_lock($1)', [STRIPE_WRITE_LOCK]);
        if (idempotencyKey !== null) {
          // Another process may have answered the same key meanwhile (PostgreSQL with several servers).
          const again = await tx.query('select 1 from stripe.idempotency_keys where api_key = $1 and key = $2', [apiKey, idempotencyKey]);
          if (again.rows.length > 0) return undefined;
        }
        const store = new StripeStore(tx);
        const expand = params.strings('expand') ?? [];
        const context: StripeContext = {
          params,
          expand,
          caller,
          path: c.req.param(),
          store,
          requestId,
          idempotencyKey,
          now,
          async emit(type, object, previousAttributes) {
            eventCount += 1;
            await recordEvent(tx, store, { type, object, created: now(), request: { id: requestId, idempotencyKey }, ...(previousAttributes === undefined ? {} : { previousAttributes }) });
          },
          render: (value) => renderObject(store, value, expand),
        };
        const produced = await handler(context);
        if (idempotencyKey !== null && (produced.status < 400 || produced.status === 402 || produced.status >= 500)) {
          await tx.query(
            `insert into stripe.idempotency_keys (api_key, key, method, path, params, status, body, request_id)
             values ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8)`,
            [apiKey, idempotencyKey, c.req.method, c.req.path, comparable, produced.status, JSON.stringify(produced.body), requestId],
          );
        }
        return produced;
      });
      if (result === undefined && idempotencyKey !== null) {
        const replay = await storedAnswer(apiKey, idempotencyKey, c.req.method, c.req.path, comparable);
        if (replay !== undefined) return replay(c);
      }
      if (eventCount > 0) deps.onEvents?.();
      return answer(c, result ?? { status: 500, body: errorBody({ type: 'api_error', message: 'Idempotent request vanished.' }) }, requestId);
    } catch (error) {
      if (error instanceof StripeApiError) return answer(c, { status: error.status, body: { error: error.body } }, requestId);
      return failed(c, requestId, error);
    } finally {
      if (idempotencyKey !== null) inFlight.delete(flightKey);
    }
  }

  function authenticate(c: Context, params: StripeParams, options: RouteOptions): StripeCaller | StripeAnswer {
    const header = c.req.header('authorization');
    const bearer = header === undefined ? undefined : /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (bearer !== undefined) {
      if (bearer === keys.secretKey) return 'secret';
      if (options.publishable === true && bearer === keys.publishableKey) return 'publishable';
      return unauthorized(`Invalid API Key provided: ${redact(bearer)}`);
    }
    const key = params.raw.key;
    if (options.publishable === true && typeof key === 'string') {
      if (key === keys.publishableKey) return 'publishable';
      return unauthorized(`Invalid API Key provided: ${redact(key)}`);
    }
    return unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }

  async function storedAnswer(
    apiKey: string,
    key: string,
    method: string,
    path: string,
    comparable: string,
  ): Promise<((c: Context) => Response) | undefined> {
    const rows = await db.query<{ method: string; path: string; params: unknown; status: number; body: unknown; request_id: string }>(
      'select method, path, params, status, body, request_id from stripe.idempotency_keys where api_key = $1 and key = $2',
      [apiKey, key],
    );
    const stored = rows.rows[0];
    if (stored === undefined) return undefined;
    const requestId = requestIdFor();
    if (stored.method !== method || stored.path !== path || JSON.stringify(sortKeys(stored.params)) !== comparable) {
      return (c) =>
        answer(c, {
          status: 400,
          body: errorBody({
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          }),
        }, requestId);
    }
    return (c) => answer(c, { status: stored.status, body: stored.body }, requestId, { 'Idempotent-Replayed': 'true', 'Original-Request': stored.request_id });
  }

  return app;
}

/** All emulator writes take this transaction-scoped advisory lock. */
export const STRIPE_WRITE_LOCK = 727_100;

function answer(c: Context, result: StripeAnswer, requestId: string, headers: Record<string, string> = {}): Response {
  const version = c.req.header('stripe-version') ?? STRIPE_API_VERSION;
  return new Response(JSON.stringify(result.body, null, 2), {
    status: result.status,
    headers: { 'Content-Type': 'application/json', 'Request-Id': requestId, 'Stripe-Version': version, ...headers },
  });
}

/** Stripe's answer to a failure of its own (here: the database), logged with the cause. */
function failed(c: Context, requestId: string, error: unknown): Response {
  console.error('Stripe emulator error', error);
  return answer(c, { status: 500, body: errorBody({ type: 'api_error', message: 'An unknown error occurred in the Stripe emulator.' }) }, requestId, { 'Stripe-Should-Retry': 'false' });
}

function unauthorized(message: string): StripeAnswer {
  return { status: 401, body: errorBody({ type: 'invalid_request_error', message }) };
}

function errorBody(error: StripeErrorBody): { error: StripeErrorBody } {
  return { error };
}

function requestIdFor(): string {
  return `req_${randomBytes(10).toString('hex').slice(0, 14)}`;
}

/** Stripe shows only the end of a wrong key: `sk_test_****abcd`. */
function redact(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return `${prefix}****${key.slice(-4)}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const entry: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
    if (entry !== undefined) out[key] = sortKeys(entry);
  }
  return out;
}
