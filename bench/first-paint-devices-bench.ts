import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { EARLY_TAP_KEY } from '../screens/boot/early-tap';
import { debianChromium } from '../tests/support/debian-chromium';
import { COMPILE_HINT } from '../tooling/vite-plugin-compile-hints';
import { firstPaintDeviceNames, type FirstPaintDevice } from '../tooling/first-paint-devices';
import { pairedMedianInterval } from './paired-median-interval';
import { startLocalStack, type StartedStack } from './start-local-stack';

/** One build of the side-by-side: every device on, or one switched off. */
interface Variant {
  readonly label: string;
  /** FIRST_PAINT_DEVICES for its build. */
  readonly setting: string;
  readonly off?: FirstPaintDevice;
  /** Built from this git ref instead of the working tree (the "before" of a change), devices unchecked. */
  readonly ref?: string;
}

/** Medians of one variant's loads, ms from navigation start (taps: from the click to the next question's frame). */
export interface DeviceFigures {
  readonly label: string;
  readonly firstContentfulPaintMs: number;
  readonly stepVisibleMs: number;
  readonly hydratedMs: number;
  /** A tap on the step the moment it shows (before hydration on a slow phone), to the next question painted. */
  readonly earlyTapMs: number;
  /** Early taps that never reached the next question (4 s). */
  readonly earlyTapsLost: number;
  /** The first tap after hydration, to the next question painted. */
  readonly tapMs: number;
  /** The same tap, to the frame after every image of the next step (background, option icons) has loaded. */
  readonly completeMs: number;
}

const CPU_SLOWDOWN = 4;
const LOST_AFTER_MS = 4000;

/**
 * What each first-paint device (tooling/first-paint-devices.ts) buys, side by side in one run: the app
 * built once with every device and once with each switched off, served by the local stack (one per
 * build), loaded in turn (interleaved rounds) by chromium as a phone at 4x CPU. A build whose device
 * does not apply (no chunk with the compile hint, no held script on the prerendered page, no early-tap
 * holder in the page) is a failure: a device that silently stopped applying cannot be measured.
 * `before` (a git ref) adds that commit's build to the rounds, served by this stack: a change's figures
 * before and after, side by side.
 */
export async function firstPaintDevicesBench(
  root: string,
  options: { rounds: number; visitorId: string; firstStepPath: string; before?: string; devicesOff?: boolean },
): Promise<{ figures: DeviceFigures[]; failures: string[]; buys: string[]; comparison?: string }> {
  const variants: Variant[] = [
    ...(options.before === undefined ? [] : [{ label: `before ${options.before}`.slice(0, 16), setting: '-before', ref: options.before }]),
    { label: 'all devices', setting: '' },
    ...(options.devicesOff === false ? [] : firstPaintDeviceNames.map((device) => ({ label: `-${device}`, setting: `-${device}`, off: device }))),
  ];
  const work = mkdtempSync(join(tmpdir(), 'bench-first-paint-'));
  const failures: string[] = [];
  const stacks: StartedStack[] = [];
  try {
    const served: { variant: Variant; url: string }[] = [];
    for (const variant of variants) {
      const dist = join(work, `dist${variant.setting}`);
      const source = variant.ref === undefined ? root : checkout(root, variant.ref, join(work, 'before'));
      const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
      const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: source, env: { ...process.env, FIRST_PAINT_DEVICES: variant.ref === undefined ? variant.setting : '' }, stdio: 'inherit' });
      if (variant.ref !== undefined) spawnSync('git', ['worktree', 'remove', '--force', source], { cwd: root });
      if (build.status !== 0) throw new Error(`bench: the ${variant.label} build failed`);
      const applied = staticDevices(dist, options.firstStepPath);
      for (const device of variant.ref === undefined ? (['compile-hints', 'held-scripts'] as const) : []) {
        if (applied[device] !== (variant.off !== device)) failures.push(`first-paint device ${device} ${variant.off === device ? 'still applies when switched off' : `does not apply (${variant.label} build)`}`);
      }
      const stack = await startLocalStack(root, { PORT: '0', DATA_DIR: join(work, `data${variant.setting}`), DIST_DIR: dist });
      stacks.push(stack);
      served.push({ variant, url: stack.url });
    }
    const loads = new Map<string, Load[]>(variants.map((variant) => [variant.label, []]));
    const browser = await chromium.launch(debianChromium);
    try {
      for (let round = 0; round < options.rounds; round++) {
        for (const { variant, url } of served) {
          const load = await measureLoad(browser, url, options);
          loads.get(variant.label)?.push(load);
          if (variant.ref === undefined && load.earlyTapHolder !== (variant.off !== 'early-tap')) failures.push(`first-paint device early-tap ${variant.off === 'early-tap' ? 'still applies when switched off' : `does not apply (${variant.label} build: no holder on the page)`}`);
          if (variant.ref === undefined && load.prefetched !== (variant.off !== 'prefetch')) failures.push(`first-paint device prefetch ${variant.off === 'prefetch' ? 'still applies when switched off' : `does not apply (${variant.label} build: no prefetch before the tap)`}`);
          if (variant.ref === undefined && load.prerendered !== (variant.off !== 'prerender')) failures.push(`first-paint device prerender ${variant.off === 'prerender' ? 'still applies when switched off' : `does not apply (${variant.label} build: the next step's page was made after the tap)`}`);
        }
      }
    } finally {
      await browser.close();
    }
    const figures = variants.map(({ label }) => summarise(label, loads.get(label) ?? []));
    const before = variants[0]?.ref === undefined ? undefined : loads.get(variants[0].label);
    const all = loads.get('all devices') ?? [];
    const comparison = before === undefined ? undefined : formatComparison('now - before', before, all);
    // What each device buys: its build without it against the build with every device, round by round.
    const buys = variants.flatMap((variant) => (variant.off === undefined ? [] : [formatComparison(`without ${variant.off} - all devices`, all, loads.get(variant.label) ?? [])]));
    return { figures, failures: [...new Set(failures)], buys, ...(comparison === undefined ? {} : { comparison }) };
  } finally {
    for (const stack of stacks) await stack.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** A detached worktree of `ref` at `dir`, with this checkout's node_modules (the lockfile is assumed unchanged). */
function checkout(root: string, ref: string, dir: string): string {
  const added = spawnSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, stdio: 'inherit' });
  if (added.status !== 0) throw new Error(`bench: cannot check out ${ref}`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

export function formatDeviceFigures(figures: readonly DeviceFigures[]): string {
  const row = (cells: readonly string[]): string => cells.map((cell, index) => (index === 0 ? cell.padEnd(16) : cell.padStart(11))).join(' ');
  return [
    row(['build', 'FCP', 'step shown', 'hydrated', 'early tap', 'lost', 'tap', 'tap->whole']),
    ...figures.map((f) => row([f.label, ms(f.firstContentfulPaintMs), ms(f.stepVisibleMs), ms(f.hydratedMs), ms(f.earlyTapMs), String(f.earlyTapsLost), ms(f.tapMs), ms(f.completeMs)])),
  ].join('\n');
}

/**
 * One build against another, round by round (the loads of a round ran back to back, so they share the
 * machine's load at that moment): the median of `now - before` with its 95 % sign-test interval
 * (bench/paired-median-interval.ts). An interval that holds 0 shows no change this run can tell apart.
 */
function formatComparison(title: string, before: readonly Load[], now: readonly Load[]): string {
  const metrics: readonly [string, (load: Load) => number][] = [
    ['FCP', (load) => load.firstContentfulPaintMs],
    ['step shown', (load) => load.stepVisibleMs],
    ['hydrated', (load) => load.hydratedMs],
    ['early tap', (load) => load.earlyTapMs ?? NaN],
    ['tap', (load) => load.tapMs],
    ['tap->whole', (load) => load.completeMs],
  ];
  const lines = metrics.map(([name, of]) => {
    const { median, low, high, pairs } = pairedMedianInterval(now.map((load, round) => of(load) - of(before[round] ?? load)));
    const interval = low === undefined || high === undefined ? 'no 95 % interval (under 6 rounds)' : `95 % interval ${signed(low)} to ${signed(high)}`;
    return `${name.padEnd(11)} ${signed(median).padStart(6)} ms  ${interval}  (${pairs} rounds)`;
  });
  return [`${title}, median of the differences per round (sign test interval):`, ...lines].join('\n');
}

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(0)}`;
}

/** The devices a build applies, read from its files: a chunk starting with the compile hint, a held module script on the first step's page. */
function staticDevices(dist: string, firstStepPath: string): Record<'compile-hints' | 'held-scripts', boolean> {
  const assets = join(dist, 'assets');
  const page = join(dist, firstStepPath.slice(1), 'index.html');
  const html = existsSync(page) ? readFileSync(page, 'utf8') : '';
  return {
    'compile-hints': readdirSync(assets).some((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').startsWith(COMPILE_HINT)),
    'held-scripts': /<script type="text\/plain"[^>]*data-after-paint="module"/.test(html) && !/<script type="module"/.test(html),
  };
}

interface Load {
  readonly firstContentfulPaintMs: number;
  readonly stepVisibleMs: number;
  readonly hydratedMs: number;
  readonly earlyTapMs: number | undefined;
  readonly tapMs: number;
  readonly completeMs: number;
  readonly earlyTapHolder: boolean;
  /** The next step's prefetch ran before the tap (its performance mark). */
  readonly prefetched: boolean;
  /** The next step's <main> was made before the tap: its page was rendered ahead. */
  readonly prerendered: boolean;
}

/** Two loads of the first step as a new visitor of the baseline flow: one tapped at once, one after hydration. */
async function measureLoad(browser: Browser, baseUrl: string, { visitorId, firstStepPath }: { visitorId: string; firstStepPath: string }): Promise<Load> {
  const open = async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The first click's time, and whether the boot script set up the early-tap holder.
    await page.addInitScript((key: string) => {
      addEventListener('click', (event) => Reflect.set(window, '__benchClickAt', Reflect.get(window, '__benchClickAt') ?? event.timeStamp), true);
      Object.defineProperty(window, key, {
        configurable: true,
        set(value: unknown) {
          Reflect.set(window, '__benchHolder', true);
          Object.defineProperty(window, key, { configurable: true, writable: true, value });
        },
      });
      // When each <main> was made: a step's page rendered ahead was made before the tap that shows it.
      const madeAt = new WeakMap<Element, number>();
      Reflect.set(window, '__benchMadeAt', madeAt);
      const createElement: unknown = Reflect.get(Document.prototype, 'createElement');
      if (typeof createElement !== 'function') return;
      Reflect.set(Document.prototype, 'createElement', function (this: Document, ...args: unknown[]): unknown {
        const element: unknown = Reflect.apply(createElement, this, args);
        if (element instanceof Element && element.localName === 'main') madeAt.set(element, performance.now());
        return element;
      });
    }, EARLY_TAP_KEY);
    await page.goto(new URL(firstStepPath, baseUrl).href, { waitUntil: 'commit' });
    const stepVisibleMs = await page.waitForFunction(() => {
      const spinner = document.querySelector('.boot-spinner');
      const option = document.querySelector('#root button[aria-pressed]');
      return option !== null && (spinner === null || !spinner.checkVisibility()) && option.checkVisibility() ? performance.now() : false;
    }, null, { polling: 'raf' });
    return { context, page, stepVisibleMs: Number(await stepVisibleMs.jsonValue()) };
  };
  /**
   * From the click to the frame that paints the next question, and to the frame after every image of
   * the next step has loaded (undefined after LOST_AFTER_MS).
   */
  const tapToNext = async (page: Awaited<ReturnType<typeof open>>['page']): Promise<{ paintedMs: number; completeMs: number } | undefined> => {
    // The URL changes before React commits the next step: the next question is there when the page's
    // heading is another one.
    const leftHeading = await page.locator('#root h1').first().getAttribute('id');
    await page.locator('#root button[aria-pressed]').first().click({ noWaitAfter: true });
    // In the page: each frame until the next question is there, then the frame that paints it; then
    // each frame until its images are loaded. (No named functions in here: tsx's keepNames would call
    // a helper the page does not have.)
    const times = await page.evaluate(
      async ({ start, left, lostAfterMs }) => {
        const until = performance.now() + lostAfterMs;
        while (location.pathname === start || (document.querySelector('#root h1')?.id ?? left) === left) {
          if (performance.now() > until) return null;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const painted = await new Promise<number>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        });
        while ([...document.querySelectorAll('#root img')].some((image) => image instanceof HTMLImageElement && !image.complete)) {
          if (performance.now() > until) return { painted, complete: Number.NaN };
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return { painted, complete: performance.now() };
      },
      { start: firstStepPath, left: leftHeading, lostAfterMs: LOST_AFTER_MS },
    );
    const clickAt: unknown = await page.evaluate((): unknown => Reflect.get(window, '__benchClickAt'));
    return times === null || typeof clickAt !== 'number' ? undefined : { paintedMs: times.painted - clickAt, completeMs: times.complete - clickAt };
  };

  const early = await open();
  const earlyTapMs = (await tapToNext(early.page))?.paintedMs;
  const earlyTapHolder: unknown = await early.page.evaluate((): unknown => Reflect.get(window, '__benchHolder'));
  await early.context.close();

  const late = await open();
  await late.page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, null, { polling: 'raf' });
  const paints = await late.page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    hydrated: performance.getEntriesByName('app-ready')[0]?.startTime ?? NaN,
  }));
  // Settled: the tap is the first the app handles, not one queued behind hydration.
  await late.page.waitForTimeout(1000);
  const prefetched = await late.page.evaluate(() => performance.getEntriesByName('next-step-prefetch').length > 0);
  const tap = await tapToNext(late.page);
  const prerendered = await late.page.evaluate(() => {
    const made: unknown = Reflect.get(window, '__benchMadeAt');
    const clickAt: unknown = Reflect.get(window, '__benchClickAt');
    const main = document.querySelector('#root main');
    const at: unknown = made instanceof WeakMap && main !== null ? made.get(main) : undefined;
    return typeof at === 'number' && typeof clickAt === 'number' && at < clickAt;
  });
  await late.context.close();
  return { firstContentfulPaintMs: paints.fcp, stepVisibleMs: late.stepVisibleMs, hydratedMs: paints.hydrated, earlyTapMs, tapMs: tap?.paintedMs ?? NaN, completeMs: tap?.completeMs ?? NaN, earlyTapHolder: earlyTapHolder === true, prefetched, prerendered };
}

function summarise(label: string, loads: readonly Load[]): DeviceFigures {
  const median = (values: readonly number[]): number => {
    const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? NaN;
  };
  const early = loads.flatMap((load) => (load.earlyTapMs === undefined ? [] : [load.earlyTapMs]));
  return {
    label,
    firstContentfulPaintMs: median(loads.map((load) => load.firstContentfulPaintMs)),
    stepVisibleMs: median(loads.map((load) => load.stepVisibleMs)),
    hydratedMs: median(loads.map((load) => load.hydratedMs)),
    earlyTapMs: median(early),
    earlyTapsLost: loads.length - early.length,
    tapMs: median(loads.map((load) => load.tapMs)),
    completeMs: median(loads.map((load) => load.completeMs)),
  };
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : '-';
}
