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
 * layout, paint, garbage collection, ...) and the scripts that ran longest. TRACE_OUT=<file> keeps the
 * last walk's trace for the DevTools Performance panel. Figures are wall-clock on whatever machine runs
 * this: compare shares within a run, not milliseconds across runs.
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const steps = Number(process.env.TAP_STEPS ?? 14);
const walks = Number(process.env.TAP_WALKS ?? 3);
const cpuRate = 4;
const baseline = servedFlowVisitors(root)[0];
if (baseline?.visitorId === undefined || baseline.firstStepPath === undefined) throw new Error('bench: the local allocation sends no visitor to the baseline flow');

const work = mkdtempSync(join(tmpdir(), 'bench-taps-'));
const stack = await startLocalStack(root, { PORT: '0', DATA_DIR: join(work, 'data') });
const browser = await chromium.launch(debianChromium);
const events: TraceEvent[][] = [];
try {
  for (let walk = 0; walk < walks; walk++) {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'cnfdVisitorId', value: baseline.visitorId, url: stack.url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(new URL(baseline.firstStepPath, stack.url).href);
    await page.locator('h1').first().waitFor();
    // Settled, as the harness lets it: lazy chunks, prefetches and idle callbacks are done.
    await page.waitForTimeout(2000);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.gc'] });
    for (let tap = 0; tap < steps; tap++) await tapOnce(page);
    const trace = await browser.stopTracing();
    if (process.env.TRACE_OUT !== undefined && walk === walks - 1) writeFileSync(process.env.TRACE_OUT, trace);
    const parsed: unknown = JSON.parse(trace.toString('utf8'));
    events.push(traceEvents(parsed));
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(`Taps on ${baseline.firstStepPath} and the ${steps - 1} steps after it, ${walks} walks, phone at ${cpuRate}x CPU: main thread from the click to the next question's frame\n`);
console.log(formatTapTrace(tapTraceSummary(events)));

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
