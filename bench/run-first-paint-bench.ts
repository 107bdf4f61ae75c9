import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstPaintDevicesBench, formatDeviceFigures } from './first-paint-devices-bench';
import { servedFlowVisitors } from './served-flow-visitors';

/**
 * `npm run bench:first-paint`: only the first-paint devices side by side (part of `npm run bench`),
 * ROUNDS (default 6, the fewest with a 95 % interval) interleaved rounds. Exits 1 when a device does not apply. Figures are wall-clock
 * on whatever machine runs this: on a busy one they are inflated. FIRST_PAINT_BEFORE=<git ref> adds
 * that commit's build to the rounds (before and after a change, side by side) and prints now - before
 * per round with a 95 % interval; FIRST_PAINT_DEVICES_OFF=0 leaves out the builds with a device off
 * (twice as many rounds in the same time for a before/after question).
 */
const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const baseline = servedFlowVisitors(root)[0];
if (baseline?.visitorId === undefined || baseline.firstStepPath === undefined) throw new Error('bench: the local allocation sends no visitor to the baseline flow');
const rounds = Number(process.env.ROUNDS ?? 6);
console.log(`First-paint devices side by side (${baseline.firstStepPath} as a phone at 4x CPU, median of ${rounds} interleaved rounds, ms)\n`);
const { figures, failures, buys, comparison } = await firstPaintDevicesBench(root, {
  rounds,
  visitorId: baseline.visitorId,
  firstStepPath: baseline.firstStepPath,
  before: process.env.FIRST_PAINT_BEFORE,
  devicesOff: process.env.FIRST_PAINT_DEVICES_OFF !== '0',
});
console.log(formatDeviceFigures(figures));
if (buys.length > 0) console.log(`\nWhat each device buys (positive: the build without it is that much slower):\n\n${buys.join('\n\n')}`);
if (comparison !== undefined) console.log(`\n${comparison}`);
for (const problem of failures) console.log(`budget: ${problem} - FAIL`);
if (failures.length > 0) process.exitCode = 1;
