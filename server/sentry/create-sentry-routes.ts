import type { Context } from 'hono';
import { Hono } from 'hono';
import { parseEnvelope } from './parse-envelope';
import type { SentryStore } from './sentry-store';

export interface SentryRoutesDeps {
  readonly store: SentryStore;
}

/**
 * The ingest endpoint a DSN `http://<key>@<this host>/<project>` points the Sentry SDK at (mounted at
 * /api): `POST /api/<project>/envelope/` with the key in the query (`sentry_key`, what the browser
 * SDK sends) or the legacy `X-Sentry-Auth` header, or in the envelope header's `dsn` (a tunnel).
 * Any key is accepted (it is public in every DSN; a local sink has no projects to tell apart), but one
 * must be there, as Relay demands. The answer allows any origin: the SDK's fetch rejects without it.
 */
export function createSentryRoutes({ store }: SentryRoutesDeps): Hono {
  const app = new Hono();
  app.options('/:project/envelope/', (c) => {
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Access-Control-Allow-Headers', 'Content-Type, X-Sentry-Auth, Authorization');
    c.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
    return c.body(null, 204);
  });
  app.post('/:project/envelope/', async (c) => {
    // Set here, not by middleware: other services answer under /api too (/api/v1/...).
    c.header('Access-Control-Allow-Origin', '*');
    const project = c.req.param('project');
    if (!/^\d+$/.test(project)) return c.json({ detail: 'invalid project id' }, 400);
    const body = new Uint8Array(await c.req.arrayBuffer());
    // Its size limit (5 MiB) is server/body-limits.ts's, checked before the body is read.
    let envelope;
    try {
      envelope = parseEnvelope(body);
    } catch (error) {
      return c.json({ detail: `invalid envelope: ${error instanceof Error ? error.message : String(error)}` }, 400);
    }
    if (publicKey(c, envelope.header) === undefined) return c.json({ detail: 'missing authorization information' }, 401);
    await store.add(project, envelope);
    const eventId = envelope.header.event_id;
    return c.json(typeof eventId === 'string' ? { id: eventId } : {});
  });
  return app;
}

function publicKey(c: Context, envelopeHeader: Readonly<Record<string, unknown>>): string | undefined {
  const fromQuery = c.req.query('sentry_key');
  if (fromQuery !== undefined && fromQuery !== '') return fromQuery;
  const auth = c.req.header('X-Sentry-Auth') ?? '';
  const fromHeader = /sentry_key=([^,\s]+)/.exec(auth)?.[1];
  if (fromHeader !== undefined) return fromHeader;
  const dsn = envelopeHeader.dsn;
  if (typeof dsn === 'string') {
    try {
      const key = new URL(dsn).username;
      if (key !== '') return key;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
