import { transition } from 'xstate';
import { describe, expect, it } from 'vitest';
import { browserMoveClass, browserPathSets } from './browser-paths';
import type { CoveringPathSet } from './covering-paths';
import type { PathSnapshot } from './funnel-test-model';
import { loadPathSuites, type PathSuite } from './path-suites';
import type { CompiledStep } from '../../engine/compiled-flow';

/**
 * The generation half of the model-based path tests (no browser): CI fails here when the generated
 * paths miss a state or a transition of any flow in any order. The browser half is tests/model/*.spec.ts.
 */
const suites = loadPathSuites();

describe.each(suites.map((suite) => [`${suite.flowId}/${suite.order}`, suite] as const))('model-based paths of %s', (_name, suite) => {
  const generated = suite.generate();

  it('cover every state and every transition', () => {
    const { coverage } = generated;
    expect(coverage.uncovered).toEqual([]);
    expect(coverage.transitionsCovered).toBe(coverage.transitionsTotal);
    expect(coverage.statesCovered).toBe(coverage.statesTotal);
  });

  it('keep answer values out of the state key', () => {
    for (const path of generated.paths) {
      for (const step of path.steps) {
        // A branching flow's key also names the steps holding an answer, the values of the steps that
        // decide branches (and only those) and the stored unit choice (funnel-test-model.ts).
        const held = suite.model.flow.steps.some((s) => s.when !== undefined || s.next !== undefined) ? '( \\{[^}]*\\} useMetric=(true|false|-))' : '';
        expect(step.from).toMatch(new RegExp(`^(exited|[A-Za-z]+( \\(answered\\))?( \\[(metric|imperial)\\])?${held})$`));
      }
    }
  });

  it('replay on the funnel machine to the state each step claims', () => {
    for (const path of generated.paths) {
      let key = suite.model.serializeState(suite.model.initial);
      for (const step of path.steps) {
        expect(step.from).toBe(key);
        key = suite.model.serializeState(step.state);
      }
    }
  });
});

it('answers every option of every single-choice step, in this flow/order or where the same step is defined alike', () => {
  // A step's options behave alike wherever the step has the same definition (option-coverage-plan.ts).
  const definition = (step: CompiledStep): string => JSON.stringify({ id: step.id, screen: step.screen, options: step.options ?? [], storage: step.storage });
  const answered = new Set<string>();
  for (const suite of suites) {
    const byId = new Map(suite.model.flow.steps.map((step) => [step.id, step]));
    for (const { event } of suite.generate().paths.flatMap((path) => path.steps)) {
      const step = event.type === 'ANSWER' ? byId.get(event.stepId) : undefined;
      if (step && event.type === 'ANSWER' && event.answer.kind === 'choice') answered.add(`${definition(step)} ${event.answer.value}`);
    }
  }
  const missing = suites.flatMap((suite) =>
    suite.model.flow.steps.filter((step) => step.screen === 'singleChoice').flatMap((step) =>
      (step.options ?? []).filter((option) => !answered.has(`${definition(step)} ${option.value}`)).map((option) => `${suite.flowId}/${suite.order} ${step.id}: ${option.value}`),
    ),
  );
  expect(missing).toEqual([]);
});

/** Every move class (browser-paths.ts) of the paths' moves, as the suite's model classifies them. */
function moveClasses(suite: PathSuite, set: CoveringPathSet): Set<string> {
  const classes = new Set<string>();
  for (const path of set.paths) {
    let current = suite.model.initial;
    for (const step of path.steps) {
      classes.add(browserMoveClass(suite.model, current, step.event));
      current = step.state;
    }
  }
  return classes;
}

describe('the browser paths', () => {
  const browser = browserPathSets(suites);

  it('take every move class that the full walks of every flow and order take', () => {
    // The full walks take every transition (above), so their classes are all the classes there are.
    const all = new Set(suites.flatMap((suite) => [...moveClasses(suite, suite.generate())]));
    const taken = new Set(suites.flatMap((suite) => [...moveClasses(suite, browser.get(suite) ?? { paths: [], coverage: suite.generate().coverage, generationMs: 0 })]));
    expect([...all].filter((moveClass) => !taken.has(moveClass))).toEqual([]);
  });

  it('replay on the funnel machine to the state each step claims, and walk fewer moves than the full walks', () => {
    let browserMoves = 0;
    let allMoves = 0;
    for (const suite of suites) {
      for (const path of browser.get(suite)?.paths ?? []) {
        let key = suite.model.serializeState(suite.model.initial);
        for (const step of path.steps) {
          expect(step.from).toBe(key);
          key = suite.model.serializeState(step.state);
        }
        browserMoves += path.steps.length;
      }
      allMoves += suite.generate().paths.reduce((sum, path) => sum + path.steps.length, 0);
    }
    expect(browserMoves).toBeLessThan(allMoves / 2);
  });

  it('tell apart what the browser sees: a step defined otherwise, the state it opens in, the control used', () => {
    const [suite] = suites;
    if (!suite) throw new Error('no flow');
    const { model } = suite;
    const events = model.eventsOf(model.initial);
    const answer = events.find((event) => event.type === 'ANSWER');
    const others = events.filter((event) => event !== answer);
    if (!answer || others.length === 0) throw new Error('a first step with an answer and other moves');
    const moved = browserMoveClass(model, model.initial, answer);
    expect(others.map((event) => browserMoveClass(model, model.initial, event))).not.toContain(moved);
    const [answered] = transition(model.logic, model.initial, answer);
    expect(model.eventsOf(answered).map((event) => browserMoveClass(model, answered, event))).not.toContain(moved);
    const otherDefinition = { ...model, stepOf: (snapshot: Parameters<typeof model.stepOf>[0]) => {
      const step = model.stepOf(snapshot);
      return step ? { ...step, headingKey: `${step.headingKey}.other` } : step;
    } };
    expect(browserMoveClass(otherDefinition, model.initial, answer)).not.toBe(moved);
  });

  it('take the back button once per kind of screen and state, and a typed URL once per kind it leaves and opens', () => {
    const [suite] = suites;
    if (!suite) throw new Error('no flow');
    const { model } = suite;
    // Fresh states of the flow's steps, in order, reached by answering each step the first way offered.
    const fresh: PathSnapshot[] = [];
    let current = model.initial;
    while (model.stepOf(current)) {
      fresh.push(current);
      const answer = model.eventsOf(current).find((event) => event.type === 'ANSWER' || event.type === 'CONTINUE');
      if (!answer) break;
      [current] = transition(model.logic, current, answer);
    }
    const back = (snapshot: PathSnapshot): string => browserMoveClass(model, snapshot, { type: 'BACK' });
    const choices = fresh.slice(1).filter((snapshot) => model.stepOf(snapshot)?.screen === 'singleChoice');
    const [firstChoice, secondChoice] = choices;
    const other = fresh.slice(1).find((snapshot) => model.stepOf(snapshot)?.screen !== 'singleChoice');
    if (!firstChoice || !secondChoice || !other) throw new Error('two single-choice steps and another kind after the first step');
    expect(back(secondChoice)).toBe(back(firstChoice));
    expect(back(other)).not.toBe(back(firstChoice));
    // A typed URL names the kind of screen at the URL: two steps whose following steps differ in kind
    // are two classes.
    const typed = (snapshot: PathSnapshot): string | undefined => {
      const event = model.eventsOf(snapshot).find((candidate) => candidate.type === 'GO_TO');
      return event && browserMoveClass(model, snapshot, event);
    };
    expect(typed(secondChoice)).toBe(typed(firstChoice));
    expect(typed(other)).not.toBe(typed(firstChoice));
  });
});
