import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Database } from '../db/database';
import { devHtmlTable } from '../dev-html-table';
import { TrackingEventsStore } from '../api/sherlock/tracking-events-store';
import { MetaStore } from './meta-store';

const limit = 100;

/**
 * `/_dev/pixel`: what left the browser and the functions for Meta, for a person checking the
 * tracking locally: the stand-in pixel's requests (/meta/tr), the Conversions API events
 * (/meta/graph) and the tracking-events API's records (/api/v1/sherlock). `/_dev/pixel/events.json`
 * is the same as JSON (what the tests read); `?event_id=` (repeatable) keeps only those events' rows,
 * so a check of one conversion does not depend on how many page views other visitors sent meanwhile.
 * Read-only; dev routes only.
 */
export function createMetaDevRoutes({ db }: { readonly db: Database }): Hono {
  const app = new Hono();
  const meta = new MetaStore(db);
  const tracking = new TrackingEventsStore(db);
  const read = async (eventIds?: readonly string[]) => ({
    pixelEvents: await meta.pixelEvents(limit, eventIds),
    serverEvents: await meta.serverEvents(limit, eventIds),
    trackingEvents: await tracking.latest(limit, eventIds),
  });

  app.get('/events.json', async (c) => {
    const eventIds = c.req.queries('event_id');
    return c.json(await read(eventIds !== undefined && eventIds.length > 0 ? eventIds : undefined));
  });

  app.get('/', async (c) => {
    const { pixelEvents, serverEvents, trackingEvents } = await read();
    const time = (date: Date) => date.toISOString();
    const json = (value: unknown) => html`<pre>${JSON.stringify(value, null, 1)}</pre>`;
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>Meta pixel and tracking events</title>
        </head>
        <body>
          <h1>Meta pixel and tracking events</h1>
          <p>Newest ${limit} of each. The stand-in pixel is <code>/meta/fbevents.js</code>; <code>fbq('init')</code> sends nothing (as with Meta), every event sends one <code>/meta/tr</code> request. JSON: <a href="/_dev/pixel/events.json">events.json</a>.</p>
          ${devHtmlTable(
            'Pixel requests (/meta/tr)',
            ['received', 'event', 'event id', 'pixel', 'parameters'],
            pixelEvents.map((row) => [time(row.received_at), row.event_name, row.event_id, row.pixel_id, json(row.params)]),
          )}
          ${devHtmlTable(
            'Conversions API events (/meta/graph)',
            ['received', 'event', 'event id', 'pixel', 'event as received'],
            serverEvents.map((row) => [time(row.received_at), row.event_name, row.event_id, row.pixel_id, json(row.event)]),
          )}
          ${devHtmlTable(
            'Tracking events (/api/v1/sherlock/tracking_events.json)',
            ['received', 'event', 'parameters'],
            trackingEvents.map((row) => [time(row.received_at), row.event_name, json(row.params)]),
          )}
        </body>
      </html>`);
  });
  return app;
}
