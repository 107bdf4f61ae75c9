import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { TrackingEventsStore } from './tracking-events-store';

/**
 * A flat key-value object of the pixel request's query parameters (spec: "Tracking event upload
 * body"): text values only, as a query string has; at most 200 keys.
 */
const trackingEvent = z.record(z.string().min(1).max(200), z.string().max(8192)).refine((params) => Object.keys(params).length <= 200, 'at most 200 parameters');

/**
 * `POST /api/v1/sherlock/tracking_events.json`: the product API's tracking-events sink. The app posts
 * the query parameters of the pixel's CompleteRegistration, InitiateCheckout and Purchase requests and
 * ignores the answer; the stack records them (listed on /_dev/pixel) and answers 201 `{id}`.
 */
export function createSherlockRoutes({ db }: { readonly db: Database }): Hono {
  const app = new Hono();
  const store = new TrackingEventsStore(db);
  // A front end on another origin (a CDN, a Vite dev server without the proxy) posts here too.
  app.use('*', cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['content-type'], maxAge: 86400 }));
  app.post(
    '/tracking_events.json',
    bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: 'payload_too_large', message: 'At most 64 KiB' }, 413) }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: 'invalid_json', message: 'The body must be JSON' }, 400);
      }
      const parsed = trackingEvent.safeParse(body);
      if (!parsed.success) return c.json({ error: 'invalid_request', message: 'The body must be a flat object of text values (the pixel request’s query parameters)' }, 400);
      const id = await store.record(parsed.data, c.req.header('user-agent'));
      return c.json({ id }, 201);
    },
  );
  return app;
}
