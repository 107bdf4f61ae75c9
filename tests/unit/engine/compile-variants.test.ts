import { describe, expect, it } from 'vitest';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { positionOf, realProjectInput } from './flow-test-project';

const variants = `version: 1
flag: cc-feedback-redesign
defaultVariant: baseline
variants:
  baseline: default
  feedback-v1: v1
  feedback-v2: v2
allocation:
  baseline: 34
  feedback-v1: 33
  feedback-v2: 33
`;

function compile(text: string) {
  const result = compileFlowProject(realProjectInput({ variantsFile: { file: 'flows/variants.yaml', text } }));
  return { variants: result.variants, errors: result.diagnostics.map(formatFlowDiagnostic) };
}

function at(text: string, needle: string, after = ''): string {
  const { line, column } = positionOf(text, needle, after);
  return `flows/variants.yaml:${line}:${column}`;
}

describe('compileVariants', () => {
  it('maps flag variants to flows and adds their base paths', () => {
    const { variants: compiled, errors } = compile(variants);
    expect(errors).toEqual([]);
    expect(compiled).toEqual({
      flag: 'cc-feedback-redesign',
      defaultVariant: 'baseline',
      variants: { baseline: 'default', 'feedback-v1': 'v1', 'feedback-v2': 'v2' },
      basePaths: { default: '/onboarding', v1: '/onboarding/v1', v2: '/onboarding/v2' },
      allocation: { baseline: 34, 'feedback-v1': 33, 'feedback-v2': 33 },
      // The spec's profile mapping, as flows/default.yaml declares it (v1 and v2 inherit it).
      profile: {
        is_female: 'gender',
        height_in_cm: 'height',
        weight_in_kg: 'weight',
        goal_weight_in_kg: 'goalWeight',
        age_in_years: 'age',
        is_using_metric: 'useMetricOrImperial',
        activity_level: 'activityLevel',
        primary_nutrition_goal: 'nutritionGoal',
        achieve_results: 'speedGoal',
      },
    });
  });

  it('rejects a variant mapped to a flow that does not exist, suggesting only an unambiguous match', () => {
    const typo = variants.replace('feedback-v2: v2', 'feedback-v2: defualt');
    expect(compile(typo).errors).toEqual([`${at(typo, 'defualt')} variants.feedback-v2: unknown flow "defualt" - did you mean "default"?`]);
    const text = variants.replace('feedback-v2: v2', 'feedback-v2: v3');
    expect(compile(text).errors).toEqual([`${at(text, 'v3')} variants.feedback-v2: unknown flow "v3" (flows: default, v1, v2)`]);
  });

  it('requires the default variant to be one of the variants', () => {
    const text = variants.replace('defaultVariant: baseline', 'defaultVariant: baselin');
    expect(compile(text).errors).toEqual([`${at(text, 'baselin')} defaultVariant: unknown variant "baselin" - did you mean "baseline"? (variants: baseline, feedback-v1, feedback-v2)`]);
  });

  it('requires the allocation to cover exactly the variants', () => {
    const extra = variants.replace('  feedback-v2: 33', '  feedback-v2: 33\n  feedback-v3: 10');
    expect(compile(extra).errors).toEqual([`${at(extra, 'feedback-v3')} allocation.feedback-v3: unknown variant "feedback-v3" - did you mean "feedback-v1"?`]);
    const short = variants.replace('  feedback-v2: 33\n', '');
    expect(compile(short).errors).toEqual([`${at(short, 'baseline', 'allocation:')} allocation.feedback-v2: missing allocation for variant "feedback-v2"`]);
    const zero = variants.replace(/: 3[34]/g, ': 0');
    expect(compile(zero).errors).toEqual([`${at(zero, 'baseline', 'allocation:')} allocation: at least one variant needs a weight above 0`]);
  });
});

describe('a flow with errors of its own', () => {
  it('is reported once, not again by the flows extending it or by the variants', () => {
    const input = realProjectInput();
    const flowFiles = input.flowFiles.map((f) => (f.file === 'flows/default.yaml' ? { ...f, text: f.text.replace('screen: company', 'screen: compny') } : f));
    const result = compileFlowProject({ ...input, flowFiles });
    expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual([
      expect.stringMatching(/^flows\/default\.yaml:\d+:\d+ steps\.company\.screen: unknown screen kind "compny" - did you mean "company"\?$/),
    ]);
    expect(result.variants).toBeUndefined();
    expect(result.flows.size).toBe(0);
  });
});
