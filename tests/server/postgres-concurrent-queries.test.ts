import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster } from './support/postgres-cluster';
import type { PostgresCluster } from './support/postgres-cluster';
import { emulatorClient } from './support/stripe-target';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';


// Issue 26 section 11: pg warns (and pg 9 will fail) when a client gets a query while it still runs
// another. A request's transaction holds one client, so its queries must never overlap; requests that
// read several things at once (a Stripe list by several lookup keys, expansions) did.
describe('PostgreSQL under concurrent requests', () => {
  let cluster: PostgresCluster;
  let server: TestServer;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);

  beforeAll(async () => {
    // Before start-up: Node emits a deprecation once per process, so a warning during the catalogue seed
    // would otherwise hide every later one.
    process.on('warning', onWarning);
    cluster = await startPostgresCluster();
    server = await startTestServer({ databaseUrl: await cluster.createDatabase('concurrent') });
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await server.close();
    cluster.stop();
  });

  it('serves overlapping requests, some reading several rows at once inside their transaction, without pg\'s warning', async () => {
    const stripe = emulatorClient(server);
    const supabase = createClient(server.url, server.apiKeys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const customer = await stripe.customers.create({ email: 'concurrent@example.com' });
    const work = Array.from({ length: 8 }, (_, index) => [
      stripe.prices.list({ lookup_keys: ['w-intro', 'w-full', 'y-intro', 'y-full'], active: true, expand: ['data.product'] }),
      stripe.customers.retrieve(customer.id),
      supabase.from('fx_rates').select('*').limit(1),
      fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.apiKeys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `concurrent-${index}@example.com`, password: 'correct horse battery' }),
      }).then((answer) => expect(answer.status).toBe(200)),
    ]).flat();
    const results = await Promise.allSettled(work);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    // The deprecation is emitted on the next tick after the overlapping query.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
