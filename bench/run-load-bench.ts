import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { formatLoadBench, loadBench, loadBenchFailures } from './load-bench';

/**
 * `npm run bench:load`: the load section of `npm run bench` alone (compiles the server first, no app
 * build needed), on PGlite and, where initdb runs, on PostgreSQL. LOAD_BENCH_SECONDS,
 * LOAD_BENCH_CONNECTIONS and LOAD_BENCH_PORT (the stack's; the cluster takes the next) tune it; exits 1
 * on a lost write, a server error or a wrong answer.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const settings = z
  .object({
    LOAD_BENCH_SECONDS: z.coerce.number().positive().max(60).default(6),
    LOAD_BENCH_CONNECTIONS: z.coerce.number().int().positive().max(64).default(4),
    LOAD_BENCH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  })
  .parse(process.env);
const options = { seconds: settings.LOAD_BENCH_SECONDS, connections: settings.LOAD_BENCH_CONNECTIONS, port: settings.LOAD_BENCH_PORT };
const { legs, postgresSkipped } = await loadBench(root, { ...options, distDir: join(root, 'dist') });
for (const leg of legs) console.log(`${formatLoadBench(leg, options)}\n`);
if (postgresSkipped !== undefined) console.log(`PostgreSQL leg skipped: ${postgresSkipped}`);
const failures = legs.flatMap((leg) => loadBenchFailures(leg).map((failure) => `${leg.database}: ${failure}`));
if (failures.length > 0) {
  console.log(`\nload bench failed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
