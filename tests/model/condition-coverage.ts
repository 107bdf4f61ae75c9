import type { CompiledFlow } from '../../engine/compiled-flow';
import type { FunnelAnswers } from '../../engine/funnel-answer';
import { walkPath, type PathEnvironment } from '../../engine/funnel-path';

export interface ConditionCoverage {
  /** Outcomes to see: each `when` shown and skipped, each route taken, and "no route" where it can happen. */
  readonly total: number;
  readonly covered: number;
  /** `pregnant when: skipped`, `goal next[0]: taken`, `goal next: none taken` ... the outcomes no path saw. */
  readonly uncovered: readonly string[];
}

/**
 * Which outcomes of the flow's conditions the answers seen along the paths produced: a step with `when`
 * both shown and skipped, every route of a step taken, and the step's plain next step when no
 * unconditional route hides it. Read from the visitor's path (engine/funnel-path.ts) of each answers
 * state the paths passed through.
 */
export function conditionCoverage(flow: CompiledFlow, answerStates: Iterable<FunnelAnswers>, env: PathEnvironment = {}): ConditionCoverage {
  const wanted: string[] = [];
  for (const step of flow.steps) {
    if (step.when !== undefined) wanted.push(`${step.id} when: shown`, `${step.id} when: skipped`);
    (step.next ?? []).forEach((_route, index) => wanted.push(`${step.id} next[${index}]: taken`));
    if (step.next !== undefined && step.next.every((route) => route.when !== undefined)) wanted.push(`${step.id} next: none taken`);
  }
  const seen = new Set<string>();
  for (const answers of answerStates) {
    const path = walkPath(flow, answers, env);
    const onPath = new Set(path.steps.map((step) => step.id));
    const decidedBefore = path.frontier?.index ?? flow.steps.length;
    for (const step of flow.steps) {
      if (step.when !== undefined && step.index <= decidedBefore) {
        if (onPath.has(step.id)) seen.add(`${step.id} when: shown`);
        else if (step.index < decidedBefore) seen.add(`${step.id} when: skipped`);
      }
    }
    path.steps.forEach((step, position) => {
      const following = path.steps[position + 1];
      if (step.next === undefined || following === undefined) return;
      const taken = step.next.findIndex((route) => route.to === following.id);
      seen.add(taken === -1 ? `${step.id} next: none taken` : `${step.id} next[${taken}]: taken`);
    });
  }
  const uncovered = wanted.filter((outcome) => !seen.has(outcome));
  return { total: wanted.length, covered: wanted.length - uncovered.length, uncovered };
}
