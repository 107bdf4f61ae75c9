import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstQuestionBudgetMs, flagLookupBench } from './flag-lookup-bench';
import { startLocalStack } from './start-local-stack';

/**
 * `npm run bench:flag-lookup`: navigation to the first question with the flag resolver working,
 * hanging, failing, late, refused or blocked, for a new and a returning visitor, on the compiled stack
 * serving the last build (`npm run build`, `node scripts/build-server.mjs`). Median of RUNS (default 5)
 * page loads each, real milliseconds on this machine: a busy machine inflates them.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 5);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-flag-lookup-'));
const stack = await startLocalStack(root, { PORT: '0', DATA_DIR: dataDir, DIST_DIR: join(root, 'dist') });
let over = 0;
try {
  console.log(`First question after navigation (ms, median of ${runs}; runs in brackets), budget ${firstQuestionBudgetMs} ms\n`);
  for (const timing of await flagLookupBench(stack.url, runs)) {
    const ok = timing.medianMs <= firstQuestionBudgetMs;
    if (!ok) over += 1;
    console.log(`  ${timing.visitor.padEnd(9)} ${timing.resolver.padEnd(14)} ${String(timing.medianMs).padStart(6)}  [${timing.runsMs.join(', ')}]  ${ok ? 'OK' : 'OVER'}`);
  }
  console.log(`\nload average at the end: ${(await import('node:os')).loadavg().map((load) => load.toFixed(2)).join(' ')}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(over > 0 ? 1 : 0);
