import type { CompiledStep } from '../../engine/compiled-flow';
import { generateCoveringPaths, type CoveringPathSet } from './covering-paths';
import type { FunnelTestModel, PathEvent, PathSnapshot } from './funnel-test-model';
import { maxStepsPerPath, type PathSuite } from './path-suites';

/**
 * What one move exercises in the browser beyond the funnel machine.
 *
 * Where the move leads is the machine's decision, and the in-process walk (path-coverage.test.ts) takes
 * every transition of every flow in both orders on the machine and the storage rules. The browser adds
 * the app around them, which is the same wherever a flow puts an identical step, so it needs each class
 * once, not once per step, flow and order; after every move it still checks the page against the machine.
 * - An answer, a continue or a unit toggle is the step's own screen at work: its class is the step's
 *   definition as the screen renders it (everything but its position, route and art), the state it is
 *   in (answered, unit shown) and the control used.
 * - A navigation is the app's shell at work. The back button is the step layout's, the same on every
 *   step: its class is the kind of screen it is pressed on, with its state. A typed URL is a page load
 *   and the route loader's redirect: its class is the kind of screen it leaves, with its state, and
 *   the URL, named by where it points (the following step, the last step, the first step from the
 *   exit) and the kind of screen there, rather than by step id. Where the page then is, and what it
 *   shows, the move's checks compare with the machine.
 * A class depends on the state alone (never on how the state was reached).
 */
export function browserMoveClass(model: FunnelTestModel, from: PathSnapshot, event: PathEvent): string {
  const fromStep = model.stepOf(from);
  const eventClass = event.type === 'GO_TO' ? `GO_TO ${typedUrlTarget(model, fromStep, event.stepId)}` : model.serializeEvent(event);
  if (event.type === 'BACK') return `${screenState(model, from)} | ${eventClass}`;
  if (event.type === 'GO_TO') return `${screenState(model, from)} | ${eventClass} (${model.flow.steps.find((step) => step.id === event.stepId)?.screen ?? event.stepId})`;
  const fromState = fromStep ? `${definitionOf(fromStep)}${stateSuffix(model, from)}` : `${model.serializeState(from)} ${model.flow.exit}`;
  return `${fromState} | ${eventClass}`;
}

/** The kind of screen a state shows and its state suffix, or the state itself off the funnel (exit, signed up). */
function screenState(model: FunnelTestModel, snapshot: PathSnapshot): string {
  const step = model.stepOf(snapshot);
  return step ? `${step.screen}${stateSuffix(model, snapshot)}` : model.serializeState(snapshot);
}

function typedUrlTarget(model: FunnelTestModel, fromStep: CompiledStep | undefined, stepId: string): string {
  const { steps } = model.flow;
  if (stepId === steps[0]?.id) return 'the first step';
  if (fromStep && stepId === steps[fromStep.index + 1]?.id) return 'the following step';
  if (stepId === steps[steps.length - 1]?.id) return 'the last step';
  return stepId;
}

/**
 * The part of the state key after the step id: ` (answered)`, ` [imperial]`. A branching flow's key also
 * names the answers held and the values deciding branches: which way a branch goes is the machine's
 * decision (walked in-process), not the screen's, so the class leaves that part out.
 */
function stateSuffix(model: FunnelTestModel, snapshot: PathSnapshot): string {
  return model.serializeState(snapshot).replace(/^\S+/, '').replace(/ \{[^}]*\} useMetric=\S+$/, '');
}

/**
 * The step as its screen takes it, without its position, its route and its background art: the art is
 * decoration no path move looks at (the layout check walks every step of every flow with it).
 */
function definitionOf(step: CompiledStep): string {
  const { index: _index, path: _path, background: _background, ...definition } = step;
  return JSON.stringify(definition);
}

/**
 * The paths the browser walks for these suites, in their order: each suite's paths take the move
 * classes no earlier suite's paths took, so the first flows in the configured order take most and the
 * other order only what differs (docs/testing.md, "Browser paths").
 */
export function browserPathSets(suites: readonly PathSuite[]): Map<PathSuite, CoveringPathSet> {
  const taken = new Set<string>();
  const sets = new Map<PathSuite, CoveringPathSet>();
  for (const suite of suites) {
    const { model } = suite;
    const set = generateCoveringPaths(model, {
      maxStepsPerPath,
      wanted: (from, event) => !taken.has(browserMoveClass(model, from, event)),
      classOf: (from, event) => browserMoveClass(model, from, event),
    });
    for (const path of set.paths) {
      let current = model.initial;
      for (const step of path.steps) {
        taken.add(browserMoveClass(model, current, step.event));
        current = step.state;
      }
    }
    sets.set(suite, set);
  }
  return sets;
}
