import { diffStepOrders } from '../diff-step-orders';
import type { Condition, ResolvedFlow, RouteDefinition } from '../flow-schema';
import { describeCondition } from '../flow-condition';

/** One side of a diff: a flow and which of its orders. */
export interface FlowSide {
  readonly flow: ResolvedFlow;
  readonly order: string;
}

/**
 * The text `flows diff` prints: inserted (+), removed (-) and moved (~) steps between two step orders
 * (of two flows, or of one flow), then steps present in both whose definition differs (*), naming the
 * fields, e.g. v2's backgrounds.
 */
export function formatFlowDiff(from: FlowSide, to: FlowSide): string[] {
  const fromIds = from.flow.orders[from.order] ?? [];
  const toIds = to.flow.orders[to.order] ?? [];
  const diff = diffStepOrders(fromIds, toIds);
  const lines = [`${label(from)} (${fromIds.length} steps) -> ${label(to)} (${toIds.length} steps)`];
  const position = (index: number) => `#${index + 1}`;
  const after = (id: string | undefined) => (id === undefined ? 'first' : `after ${id}`);
  for (const s of diff.inserted) lines.push(`+ ${s.id.padEnd(22)} inserted at ${position(s.index)} (${after(s.after)})`);
  for (const s of diff.removed) lines.push(`- ${s.id.padEnd(22)} removed from ${position(s.index)}`);
  for (const s of diff.moved) lines.push(`~ ${s.id.padEnd(22)} moved ${position(s.from)} -> ${position(s.to)} (now ${after(s.after)})`);

  if (from.flow !== to.flow) {
    for (const id of toIds) {
      const a = from.flow.steps[id];
      const b = to.flow.steps[id];
      if (a === undefined || b === undefined || !fromIds.includes(id)) continue;
      const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
        (field) => JSON.stringify(Reflect.get(a, field)) !== JSON.stringify(Reflect.get(b, field)),
      );
      if (fields.length > 0) lines.push(`* ${id.padEnd(22)} changed: ${fields.join(', ')}`);
      // Branches are read out, so a reviewer sees which condition changed, not only that one did.
      if (fields.includes('when')) lines.push(`    when: ${describeWhen(a.when)} -> ${describeWhen(b.when)}`);
      if (fields.includes('next')) lines.push(`    next: ${describeRoutes(a.next)} -> ${describeRoutes(b.next)}`);
    }
    if (from.flow.exit !== to.flow.exit) lines.push(`* exit: ${from.flow.exit} -> ${to.flow.exit}`);
    if (from.flow.basePath !== to.flow.basePath) lines.push(`* basePath: ${from.flow.basePath} -> ${to.flow.basePath}`);
  }
  if (lines.length === 1) lines.push('no differences');
  else lines.push(`(${diff.kept} steps kept their relative order)`);
  return lines;
}

function label(side: FlowSide): string {
  return `${side.flow.id} [${side.order}]`;
}

function describeWhen(condition: Condition | undefined): string {
  return condition === undefined ? 'always shown' : describeCondition(condition);
}

function describeRoutes(routes: readonly RouteDefinition[] | undefined): string {
  if (routes === undefined) return 'the next step';
  return routes.map((route) => `${route.to}${route.when === undefined ? '' : ` if ${describeCondition(route.when)}`}`).join('; ');
}
