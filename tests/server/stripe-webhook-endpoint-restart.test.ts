import { describe, expect, it } from 'vitest';
import { startTestServer } from './support/test-server';

// The stack's registration of its own webhook endpoint, not the function: the unit stage only (the deno
// stage, scripts/test-deno-functions.sh, runs the function suites under Deno and not this file).
describe('the local webhook endpoint across restarts', () => {
  it('stays one endpoint and takes the signing secret of the latest start', async () => {
    const first = await startTestServer({ env: { STRIPE_WEBHOOK_SECRET: 'whsec_first_secret' } });
    await first.close();
    const second = await startTestServer({ dataDir: first.dataDir, env: { STRIPE_WEBHOOK_SECRET: 'whsec_second_secret' } });
    try {
      const rows = await second.db.query<{ data: { secret: string } }>("select data from stripe.objects where object = 'webhook_endpoint'");
      expect(rows.rows.map((row) => row.data.secret)).toEqual(['whsec_second_secret']);
    } finally {
      await second.close();
    }
  });
});
