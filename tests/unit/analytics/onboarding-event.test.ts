import { describe, expect, it } from 'vitest';
import { buildOnboardingEvent } from '../../../engine/onboarding-event';
import { createIgluRegistry } from '../../../server/snowplow/iglu-registry';
import { compiledFlows } from '../../e2e/support/compiled-flows';

const registry = createIgluRegistry('config/iglu/schemas');
const SCHEMA = 'iglu:com.nutritionfunnel/onboarding_event/jsonschema/1-0-0';

function flowAndStep(flowId: string, stepId: string) {
  const flow = compiledFlows().flows.get(flowId);
  const step = flow?.steps.find((candidate) => candidate.id === stepId);
  if (!flow || !step) throw new Error(`no ${flowId}/${stepId}`);
  return { flow, step };
}

describe('buildOnboardingEvent', () => {
  it('sends the chosen option, the step id, the questionnaire position and the URL without its fragment', () => {
    const { flow, step } = flowAndStep('v1', 'gender');
    const event = buildOnboardingEvent(flow, step, { kind: 'choice', value: 'female' }, 'http://localhost:3000/onboarding/v1/gender?utm_source=x#access_token=abc');
    expect(event).toEqual({ answers: ['female'], question: 'gender', step: 1, steps_total: 27, url: 'http://localhost:3000/onboarding/v1/gender?utm_source=x' });
    expect(registry.validate(SCHEMA, event)).toEqual([]);
  });

  it('sends typed numbers as typed with their unit system, and nothing for continue steps', () => {
    const { flow, step } = flowAndStep('default', 'height');
    expect(buildOnboardingEvent(flow, step, { kind: 'measurement', text: ' 5.9 ', unit: 'imperial' }, 'http://x/onboarding/height').answers).toEqual(['5.9', 'imperial']);
    const age = flowAndStep('default', 'age');
    expect(buildOnboardingEvent(age.flow, age.step, { kind: 'wholeNumber', text: '41' }, 'http://x/a')).toMatchObject({ answers: ['41'], question: 'age', steps_total: 23 });
    const ready = flowAndStep('default', 'readyToStart');
    const last = buildOnboardingEvent(ready.flow, ready.step, { kind: 'continue' }, 'http://x/onboarding/readyToStart');
    expect(last).toMatchObject({ answers: [], step: 23, steps_total: 23 });
    expect(registry.validate(SCHEMA, last)).toEqual([]);
  });

  it('never sends the e-mail address (the sign-up step in v1 counts past the questionnaire)', () => {
    const { flow, step } = flowAndStep('v1', 'email');
    const event = buildOnboardingEvent(flow, step, { kind: 'email', value: 'ann@example.com' }, 'http://x/onboarding/v1/email');
    expect(JSON.stringify(event)).not.toContain('ann@example.com');
    expect(event).toMatchObject({ answers: [], question: 'email', step: step.index + 1, steps_total: flow.steps.length });
  });
});
