import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { debianChromium } from '../tests/support/debian-chromium';
import { servedFlowVisitors } from './served-flow-visitors';
import { startLocalStack } from './start-local-stack';
import { tapTraceSummary, formatTapTrace, type TraceEvent } from './tap-trace-summary';

/**
 * `npm run bench:taps`: where a tap's time goes. Walks the baseline flow's first TAP_STEPS (14) steps
 * as a phone at 4x CPU (as ../shared/perf's tap walk: the first option, else Continue), TAP_WALKS (3)
 * fresh visitors, with a Chrome trace running, and prints per tap the main thread's time from the
 * click to the frame that paints the next question, split by what the browser did (script, style,
 * layout, paint, garbage collection, ...) and the scripts that ran longest. TAP_DISTS=<dir>,<dir> walks
 * several builds (default: dist), interleaved walk by walk, each served by its own local stack: a change
 * measured with and without it in one run. TRACE_OUT=<file> keeps the last walk's trace for the
 * DevTools Performance panel. Figures are wall-clock on whatever machine runs this: compare within a
 * run, not milliseconds across runs.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const steps = Number(process.env.TAP_STEPS ?? 14);
const walks = Number(process.env.TAP_WALKS ?? 3);
const cpuRate = 4;
const baseline = servedFlowVisitors(root)[0];
if (baseline?.visitorId === undefined || baseline.firstStepPath === undefined) throw new Error('bench: the local allocation sends no visitor to the baseline flow');
const { visitorId, firstStepPath } = baseline;

const dists = (process.env.TAP_DISTS ?? join(root, 'dist')).split(',').map((dir) => dir.trim()).filter((dir) => dir !== '');
const work = mkdtempSync(join(tmpdir(), 'bench-taps-'));
const stacks = await Promise.all(dists.map((dist, index) => startLocalStack(root, { PORT: '0', DATA_DIR: join(work, `data-${index}`), DIST_DIR: dist })));
const browser = await chromium.launch(debianChromium);
const events = dists.map((): TraceEvent[][] => []);
try {
  for (let walk = 0; walk < walks; walk++) {
    for (const [index, stack] of stacks.entries()) {
      const trace = await tracedWalk(stack.url);
      if (process.env.TRACE_OUT !== undefined && walk === walks - 1) writeFileSync(process.env.TRACE_OUT.replace(/(\.json)?$/, index === 0 ? '$1' : `-${index}$1`), trace);
      const parsed: unknown = JSON.parse(trace.toString('utf8'));
      events[index]?.push(traceEvents(parsed));
    }
  }
} finally {
  await browser.close();
  for (const stack of stacks) await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`Taps on ${firstStepPath} and the ${steps - 1} steps after it, ${walks} walks per build, phone at ${cpuRate}x CPU: main thread from the click to the next question's frame (ms)`);
for (const [index, dist] of dists.entries()) console.log(`\n${dist}\n${formatTapTrace(tapTraceSummary(events[index] ?? []))}`);

/** A new visitor's walk of `steps` taps on the stack at `url`, under a Chrome trace (returned). */
async function tracedWalk(url: string): Promise<Buffer> {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(new URL(firstStepPath, url).href);
    await page.locator('h1').first().waitFor();
    // Settled, as the harness lets it: lazy chunks, prefetches and idle callbacks are done.
    await page.waitForTimeout(2000);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.gc'] });
    for (let tap = 0; tap < steps; tap++) await tapOnce(page);
    return await browser.stopTracing();
  } finally {
    await context.close();
  }
}

/** One tap on the current step (its first option, else Continue), marked in the trace from the click to the frame after the next heading. */
async function tapOnce(page: Page): Promise<void> {
  const heading = (await page.locator('h1').first().textContent()) ?? '';
  const choice = page.locator('[role="group"] button').first();
  const target = (await choice.count()) > 0 ? choice : page.getByRole('button', { name: 'Continue', exact: true });
  const painted = page.evaluate(async (from) => {
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const now = document.querySelector('h1')?.textContent ?? '';
        if (now === from) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    });
    performance.mark('bench:tap-painted');
  }, heading);
  await target.tap();
  await painted;
  await page.waitForTimeout(1000);
}

function traceEvents(parsed: unknown): TraceEvent[] {
  const list = typeof parsed === 'object' && parsed !== null && 'traceEvents' in parsed ? parsed.traceEvents : parsed;
  if (!Array.isArray(list)) throw new Error('bench: the trace has no events');
  return list.filter((event): event is TraceEvent => typeof event === 'object' && event !== null && 'name' in event && 'ts' in event);
}
