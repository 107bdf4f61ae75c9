import { Hono } from 'hono';
import type { SentryStore, StoredSentryItem } from './sentry-store';

export interface SentryDevRoutesDeps {
  readonly store: SentryStore;
  /** Where the routes are mounted, for the page's links. */
  readonly basePath?: string;
}

/** The fields a developer (and a test) looks at first, from one stored `event` item. */
export interface ErrorSummary {
  readonly seq: number;
  readonly receivedAt: string;
  readonly eventId: string | null;
  readonly level: string | null;
  /** `Type: value` of the outermost exception, or the message of a captureMessage. */
  readonly title: string;
  readonly url: string | null;
  readonly environment: string | null;
  readonly release: string | null;
  readonly event: unknown;
}

/**
 * The sink's contents for developers (mounted at /_dev/errors): a page listing the reported errors,
 * newest first, and JSON at `/api/events` (`DELETE` clears everything) for tests and scripts.
 */
export function createSentryDevRoutes({ store, basePath = '/_dev/errors' }: SentryDevRoutesDeps): Hono {
  const app = new Hono();
  app.get('/api/events', async (c) => c.json((await store.list({ type: 'event' })).map(summarise)));
  app.get('/api/items', async (c) => c.json(await store.list({ ...(c.req.query('type') === undefined ? {} : { type: c.req.query('type') }) })));
  app.delete('/api/events', async (c) => {
    await store.clear();
    return c.body(null, 204);
  });
  app.get('/', async (c) => {
    const events = (await store.list({ type: 'event' })).map(summarise);
    const sessions = await store.list({ type: 'session', limit: 1000 });
    return c.html(page(basePath, events, sessions.length));
  });
  return app;
}

function summarise(item: StoredSentryItem): ErrorSummary {
  const event = record(item.payload);
  const exceptionValues = record(event.exception).values;
  const values: readonly unknown[] = Array.isArray(exceptionValues) ? exceptionValues : [];
  const outer = record(values[values.length - 1]);
  const message = typeof event.message === 'string' ? event.message : typeof record(event.message).formatted === 'string' ? String(record(event.message).formatted) : undefined;
  const title =
    typeof outer.type === 'string' || typeof outer.value === 'string'
      ? `${typeof outer.type === 'string' ? outer.type : 'Error'}: ${typeof outer.value === 'string' ? outer.value : ''}`
      : (message ?? '(no message)');
  const request = record(event.request);
  return {
    seq: item.seq,
    receivedAt: item.receivedAt,
    eventId: typeof event.event_id === 'string' ? event.event_id : null,
    level: typeof event.level === 'string' ? event.level : null,
    title,
    url: typeof request.url === 'string' ? request.url : null,
    environment: typeof event.environment === 'string' ? event.environment : null,
    release: typeof event.release === 'string' ? event.release : null,
    event: item.payload,
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function page(base: string, events: readonly ErrorSummary[], sessionCount: number): string {
  const rows = events
    .map(
      (event) => `<tr>
  <td><time datetime="${escapeHtml(event.receivedAt)}">${escapeHtml(event.receivedAt)}</time></td>
  <td>${escapeHtml(event.level ?? '')}</td>
  <td><details><summary>${escapeHtml(event.title)}</summary><pre>${escapeHtml(JSON.stringify(event.event, null, 2))}</pre></details></td>
  <td>${escapeHtml(event.url ?? '')}</td>
</tr>`,
    )
    .join('\n');
  const table =
    events.length === 0
      ? '<p>No errors reported yet. Errors the app reports to Sentry (the DSN of the local stack) appear here.</p>'
      : `<table>
<caption>${events.length} error event${events.length === 1 ? '' : 's'}, newest first</caption>
<thead><tr><th scope="col">Received</th><th scope="col">Level</th><th scope="col">Error</th><th scope="col">Page</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Reported errors</title></head>
<body>
<main>
<h1>Reported errors</h1>
<p>Development only: what the app sent to the local Sentry sink (${sessionCount} session update${sessionCount === 1 ? '' : 's'} besides). JSON: <a href="${escapeHtml(`${base}/api/events`)}">${escapeHtml(`${base}/api/events`)}</a>.</p>
${table}
</main>
</body>
</html>`;
}
