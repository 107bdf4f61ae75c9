import type { CompiledFlow, CompiledStep } from './compiled-flow';
import { diffStepOrders } from './diff-step-orders';
import type { ScreenKind } from './flow-schema';
import { screenKinds } from './flow-schema';
import { describeCondition } from './flow-condition';

const kindColours: Readonly<Record<ScreenKind, string>> = {
  singleChoice: '#dbeafe',
  company: '#fef3c7',
  info: '#e5e7eb',
  number: '#dcfce7',
  readyToStart: '#fce7f3',
  signUpEmail: '#ede9fe',
  signUpPassword: '#ede9fe',
  multiSelect: '#dbeafe',
  slider: '#dcfce7',
  date: '#dcfce7',
  text: '#fef9c3',
};

const boxWidth = 320;
/** Box heights: a step's three lines, and two more for a flow with branches (condition, routes). */
const plainBoxHeight = 58;
const branchBoxHeight = 86;
const gap = 22;
const columnGap = 120;
const top = 90;
const left = 30;

/**
 * A self-contained HTML page (inline SVG, no scripts, no network) drawing one flow: one column per step
 * order (the live one first), each step a box with its position, id, screen kind, what it stores, its
 * answers (every answer leads to the next step) and, for v2, the gender-dependent background branch;
 * the funnel starts at the base path and leaves at `exit`. Dashed lines join a step that sits at a
 * different position in another order.
 *
 * @param orders the same flow compiled in each of its orders; the first is drawn as the live one
 */
export function renderFlowGraph(orders: readonly CompiledFlow[]): string {
  const first = orders[0];
  if (first === undefined) throw new Error('renderFlowGraph: no flow given');
  const branching = orders.some((o) => o.steps.some((s) => s.when !== undefined || s.next !== undefined));
  const boxHeight = branching ? branchBoxHeight : plainBoxHeight;
  const longest = Math.max(...orders.map((o) => o.steps.length));
  const width = left * 2 + orders.length * boxWidth + (orders.length - 1) * columnGap;
  const height = top + (longest + 1) * (boxHeight + gap) + 80;
  const x = (column: number) => left + column * (boxWidth + columnGap);
  const y = (index: number) => top + index * (boxHeight + gap);

  const parts: string[] = [];
  orders.forEach((flow, column) => {
    const cx = x(column);
    parts.push(text(cx, 40, `order "${flow.order}"${column === 0 ? ' (live)' : ''}`, 'title'));
    parts.push(text(cx, 62, `start: ${flow.basePath} (${flow.steps.length} steps)`, 'muted'));
    flow.steps.forEach((step, index) => {
      parts.push(stepBox(step, cx, y(index), boxHeight));
      const nextY = y(index + 1);
      parts.push(arrow(cx + boxWidth / 2, y(index) + boxHeight, nextY));
      // A route: a curve out of the box's right side into the next one it leads to.
      for (const route of step.next ?? []) {
        const target = flow.steps.findIndex((candidate) => candidate.id === route.to);
        if (target === -1) continue;
        const [x1, y1, y2] = [cx + boxWidth, y(index) + boxHeight / 2, y(target) + boxHeight / 2];
        parts.push(`<path d="M${x1},${y1} C${x1 + columnGap / 2},${y1} ${x1 + columnGap / 2},${y2} ${x1 + 2},${y2}" class="route"/>`);
      }
    });
    const exitY = y(flow.steps.length);
    parts.push(`<rect x="${cx}" y="${exitY}" width="${boxWidth}" height="${boxHeight / 1.5}" rx="18" class="exit"/>`);
    parts.push(text(cx + 14, exitY + 25, `exit -> ${flow.exit}`, 'label'));
  });

  // Join the boxes of the steps that were moved between neighbouring orders (not the ones merely shifted).
  for (let column = 1; column < orders.length; column++) {
    const previous = orders[column - 1];
    const current = orders[column];
    if (previous === undefined || current === undefined) continue;
    const { moved } = diffStepOrders(previous.steps.map((s) => s.id), current.steps.map((s) => s.id));
    for (const { from: before, to: index } of moved) {
      parts.push(
        `<line x1="${x(column - 1) + boxWidth}" y1="${y(before) + boxHeight / 2}" x2="${x(column)}" y2="${y(index) + boxHeight / 2}" class="moved"/>`,
      );
    }
  }

  const legend = screenKinds
    .map((kind) => `<span class="chip" style="background:${kindColours[kind]}">${escape(kind)}</span>`)
    .join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flow ${escape(first.id)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:24px;color:#111827}
.chip{display:inline-block;padding:2px 8px;border-radius:10px;font-size:12px;border:1px solid #9ca3af}
svg text{font-family:system-ui,sans-serif}
.title{font-size:16px;font-weight:600}.muted{font-size:12px;fill:#6b7280}.label{font-size:13px;font-weight:600}
.detail{font-size:11px;fill:#374151}.branch{font-size:11px;fill:#9d174d}
.step{stroke:#6b7280;stroke-width:1}.exit{fill:#111827;stroke:none}.exit+text{fill:#fff}
.edge{stroke:#6b7280;stroke-width:1.5;marker-end:url(#arrow)}.route{fill:none;stroke:#9d174d;stroke-width:1.5;stroke-dasharray:6 3;marker-end:url(#arrow)}.moved{stroke:#dc2626;stroke-dasharray:4 3;stroke-width:1.2}
</style></head><body>
<h1>Flow <code>${escape(first.id)}</code></h1>
<p>Generated by <code>npm run flows -- graph</code> from flows/*.yaml. An answer leads to the next step
unless a route (pink dashed curve, "->" line) sends it elsewhere; a step with "only when" is skipped when its
condition does not hold; the funnel leaves at <code>exit</code>. Red dashed lines: a step moved in the next order.
${first.steps.some((s) => s.background !== undefined && 'female' in s.background) ? 'Pink text: the background image depends on the stored gender (female / male).' : ''}</p>
<p>${legend}</p>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#6b7280"/></marker></defs>
${parts.join('\n')}
</svg></body></html>
`;
}

function stepBox(step: CompiledStep, x0: number, y0: number, boxHeight: number): string {
  const storage =
    step.storage.mode === 'value' ? `stores ${step.storage.key}` : step.storage.mode === 'answerText' ? 'stores answer text' : 'stores nothing';
  const answers = step.options === undefined ? '' : ` · ${step.options.length} answers${step.next === undefined ? ' -> next' : ''}`;
  const lines = [
    `<rect x="${x0}" y="${y0}" width="${boxWidth}" height="${boxHeight}" rx="8" class="step" fill="${kindColours[step.screen]}"/>`,
    text(x0 + 10, y0 + 20, `${step.index + 1}. ${step.id}`, 'label'),
    text(x0 + 10, y0 + 38, `${step.screen} · ${storage}${answers}`, 'detail'),
  ];
  if (step.background !== undefined) {
    lines.push(
      'female' in step.background
        ? text(x0 + 10, y0 + 52, 'background by gender: female | male', 'branch')
        : text(x0 + 10, y0 + 52, 'background: one image for all', 'detail'),
    );
  }
  if (step.when !== undefined) lines.push(text(x0 + 10, y0 + 66, `only when ${describeCondition(step.when)}`, 'branch'));
  const routes = (step.next ?? []).map((route) => `${route.to}${route.when === undefined ? '' : ` if ${describeCondition(route.when)}`}`);
  if (routes.length > 0) lines.push(text(x0 + 10, y0 + 80, `-> ${routes.join('; ')}; else next`, 'branch'));
  return lines.join('\n');
}

function arrow(xMid: number, fromY: number, toY: number): string {
  return `<line x1="${xMid}" y1="${fromY}" x2="${xMid}" y2="${toY - 2}" class="edge"/>`;
}

function text(x0: number, y0: number, content: string, className: string): string {
  return `<text x="${x0}" y="${y0}" class="${className}">${escape(content)}</text>`;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
