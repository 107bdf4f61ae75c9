import { describe, expect, it } from 'vitest';
import { describeCondition, evaluateCondition, type ConditionFacts, type Fact } from '../../../engine/flow-condition';
import { conditionSchema, type Condition } from '../../../engine/flow-schema';

const facts = (answers: Readonly<Record<string, string | number | undefined>>, computed: Readonly<Record<string, number>> = {}): ConditionFacts => ({
  answer: (id): Fact => (id in answers ? { known: true, value: answers[id] } : { known: false }),
  computed: (name): Fact => ({ known: true, value: computed[name] }),
});

describe('conditions', () => {
  it('are plain YAML data checked by the schema', () => {
    expect(conditionSchema.safeParse({ all: [{ answer: 'goal', oneOf: ['lose'] }, { not: { computed: 'bmi', lessThan: 25 } }] }).success).toBe(true);
    expect(conditionSchema.safeParse({ answer: 'goal', matches: 'x' }).success).toBe(false);
    expect(conditionSchema.safeParse('gender == "female"').success).toBe(false);
  });

  it('compare choices and numbers; a skipped step fails every test', () => {
    const known = facts({ gender: 'female', weight: 82.5, skipped: undefined });
    expect(evaluateCondition({ answer: 'gender', equals: 'female' }, known)).toBe(true);
    expect(evaluateCondition({ answer: 'gender', oneOf: ['male', 'other'] }, known)).toBe(false);
    expect(evaluateCondition({ answer: 'weight', greaterThan: 82.5 }, known)).toBe(false);
    expect(evaluateCondition({ answer: 'weight', atLeast: 82.5 }, known)).toBe(true);
    expect(evaluateCondition({ answer: 'weight', lessThan: 90 }, known)).toBe(true);
    expect(evaluateCondition({ answer: 'weight', atMost: 80 }, known)).toBe(false);
    expect(evaluateCondition({ answer: 'gender', greaterThan: 1 }, known)).toBe(false);
    expect(evaluateCondition({ answer: 'skipped', equals: 'x' }, known)).toBe(false);
    expect(evaluateCondition({ not: { answer: 'skipped', equals: 'x' } }, known)).toBe(true);
    expect(evaluateCondition({ computed: 'bmi', atLeast: 25 }, facts({}, { bmi: 27.4 }))).toBe(true);
  });

  it('stay open while a fact is unknown, unless the rest settles them', () => {
    const partly = facts({ gender: 'male' });
    const open: Condition = { answer: 'goal', equals: 'lose' };
    expect(evaluateCondition(open, partly)).toBeUndefined();
    expect(evaluateCondition({ not: open }, partly)).toBeUndefined();
    expect(evaluateCondition({ all: [{ answer: 'gender', equals: 'female' }, open] }, partly)).toBe(false);
    expect(evaluateCondition({ all: [{ answer: 'gender', equals: 'male' }, open] }, partly)).toBeUndefined();
    expect(evaluateCondition({ any: [{ answer: 'gender', equals: 'male' }, open] }, partly)).toBe(true);
    expect(evaluateCondition({ any: [{ answer: 'gender', equals: 'female' }, open] }, partly)).toBeUndefined();
  });

  it('read as one line in the graph and the diff', () => {
    expect(describeCondition({ all: [{ answer: 'goal', oneOf: ['lose', 'gain'] }, { not: { computed: 'bmi', lessThan: 18.5 } }] })).toBe('goal in [lose, gain] and not bmi() < 18.5');
    expect(describeCondition({ any: [{ answer: 'age', atLeast: 65 }, { all: [{ answer: 'a', equals: 'x' }, { answer: 'b', equals: 'y' }] }] })).toBe('age >= 65 or (a = x and b = y)');
  });
});
