import { describe, expect, it } from 'vitest';
import { questionnaireProgress } from '../../../engine/questionnaire-progress';
import { compiledFlows } from '../../e2e/support/compiled-flows';

describe('questionnaireProgress', () => {
  it('counts the questionnaire steps the spec counts: 23 default, 25 v1 (27 with its two feedback steps, decision 0246), 23 v2, and the example funnel\'s 12', () => {
    const { flows } = compiledFlows();
    const totals: Record<string, number | undefined> = {};
    for (const [id, flow] of flows) {
      const first = flow.steps[0];
      if (first) totals[id] = questionnaireProgress(flow, first)?.total;
    }
    expect(totals).toEqual({ default: 23, v1: 27, v2: 23, sleep: 12 });
  });

  it('numbers steps from 1 and gives the sign-up steps no progress', () => {
    const flow = compiledFlows().flows.get('v1');
    if (!flow) throw new Error('no v1');
    const [first] = flow.steps;
    const readyToStart = flow.steps.find((s) => s.id === 'readyToStart');
    const email = flow.steps.find((s) => s.id === 'email');
    if (!first || !readyToStart || !email) throw new Error('unexpected v1 steps');
    expect(questionnaireProgress(flow, first)).toEqual({ current: 1, total: 27 });
    expect(questionnaireProgress(flow, readyToStart)).toEqual({ current: 27, total: 27 });
    expect(questionnaireProgress(flow, email)).toBeUndefined();
  });
});
