import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { IgluRegistry } from './iglu-registry';
import type { SnowplowStore } from './snowplow-store';

export interface MicroRoutesDeps {
  readonly store: SnowplowStore;
  readonly registry: IgluRegistry;
}

const goodFilterSchema = z.object({
  event_type: z.string().optional(),
  schema: z.string().optional(),
  contexts: z.array(z.string()).optional(),
  limit: z.number().int().positive().optional(),
});
const badFilterSchema = z.object({
  vendor: z.string().optional(),
  version: z.string().optional(),
  limit: z.number().int().positive().optional(),
});
const NOT_FOUND = 'Path for micro has to be one of: /events /all /good /bad /reset /iglu';

/**
 * Snowplow Micro 3.0's API (WIRE.md) over the collector's store, so tests, the report and a developer
 * read the local stack exactly as they would read a Micro container (mounted at /micro).
 */
export function createMicroRoutes({ store, registry }: MicroRoutesDeps): Hono {
  const app = new Hono();
  const all = async (c: Context) => c.json(await store.summary());
  const reset = async (c: Context) => {
    await store.reset();
    return c.json(await store.summary());
  };
  app.get('/all', all);
  app.post('/all', all);
  app.get('/reset', reset);
  app.post('/reset', reset);

  app.get('/good', async (c) => c.json(await store.good()));
  app.post('/good', async (c) => {
    const filter = goodFilterSchema.safeParse(await optionalJson(c));
    if (!filter.success) return c.text(`Invalid filter: ${filter.error.issues.map((issue) => issue.message).join('; ')}`, 400);
    const { event_type: eventType, ...rest } = filter.data;
    return c.json(await store.good({ ...rest, ...(eventType === undefined ? {} : { eventType }) }));
  });
  app.get('/bad', async (c) => c.json(await store.bad()));
  app.post('/bad', async (c) => {
    const filter = badFilterSchema.safeParse(await optionalJson(c));
    if (!filter.success) return c.text(`Invalid filter: ${filter.error.issues.map((issue) => issue.message).join('; ')}`, 400);
    return c.json(await store.bad(filter.data));
  });
  // Good and bad, enriched, oldest first (Micro's /micro/events, first page).
  app.get('/events', async (c) => {
    const good = await store.good();
    return c.json(good.map((event) => event.event).reverse());
  });

  app.get('/iglu/:vendor/:name/:format/:version', (c) => {
    const schema = registry.schema({ vendor: c.req.param('vendor'), name: c.req.param('name'), format: c.req.param('format'), version: c.req.param('version') });
    return schema === undefined ? c.text('Schema not found', 404) : c.json(schema);
  });
  app.all('*', (c) => c.text(NOT_FOUND, 404));
  return app;
}

/** Micro's POST filters are optional: an empty body means no filter. */
async function optionalJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
