/**
 * The first paint's performance devices. Each is on by default; the bench builds the app with one
 * switched off (`FIRST_PAINT_DEVICES=-compile-hints`, names comma-separated) to measure, side by side,
 * what it buys (bench/first-paint-devices-bench.ts).
 * - `compile-hints`: V8's compile hint on the chunks of a funnel tap (tooling/vite-plugin-compile-hints.ts)
 * - `held-scripts`: a prerendered page's module scripts held as inert tags until its first paint
 * - `early-tap`: a tap before hydration held by the boot script and replayed by the app
 * - `prefetch`: the next step's screen chunk, background and option icons fetched once a step has
 *   painted (screens/funnel/funnel-step-route.tsx), read by the app as `import.meta.env.NEXT_STEP_PREFETCH`
 * - `prerender`: the next step's page rendered ahead, off the page, once a step has painted, so a tap
 *   only moves it in (same file, decision 0259), read as `import.meta.env.NEXT_STEP_PRERENDER`
 */
export const firstPaintDeviceNames = ['compile-hints', 'held-scripts', 'early-tap', 'prefetch', 'prerender'] as const;
export type FirstPaintDevice = (typeof firstPaintDeviceNames)[number];

export function firstPaintDevices(setting: string | undefined = process.env.FIRST_PAINT_DEVICES): Readonly<Record<FirstPaintDevice, boolean>> {
  const devices: Record<FirstPaintDevice, boolean> = { 'compile-hints': true, 'held-scripts': true, 'early-tap': true, prefetch: true, prerender: true };
  for (const item of (setting ?? '').split(',').map((text) => text.trim()).filter((text) => text !== '')) {
    const name = firstPaintDeviceNames.find((device) => `-${device}` === item);
    if (name === undefined) throw new Error(`FIRST_PAINT_DEVICES: "${item}" is not -<device> for a device of ${firstPaintDeviceNames.join(', ')}`);
    devices[name] = false;
  }
  return devices;
}
