import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFlowProject } from '../../../engine/compile-flow-project';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { positionOf, realProjectInput, repoRoot } from '../engine/flow-test-project';

const file = 'experiments/cc-feedback-redesign.yaml';
const text = readFileSync(join(repoRoot, file), 'utf8');

/** The real project with the experiment file as `edit` leaves it. */
function compileWith(edit: (yaml: string) => string = (yaml) => yaml, extra: readonly { file: string; text: string }[] = []) {
  return compileFlowProject(realProjectInput({ experimentFiles: [{ file, text: edit(text) }, ...extra] }));
}

function messages(result: ReturnType<typeof compileWith>): string[] {
  return result.diagnostics.map(formatFlowDiagnostic);
}

/** `file:line:col` of `needle` in the edited text. */
function at(edited: string, needle: string, after = ''): string {
  const { line, column } = positionOf(edited, needle, after);
  return `${file}:${line}:${column}`;
}

describe('experiment files', () => {
  it('compiles cc-feedback-redesign with the flag allocation, the flows and the plan, and names it on the flag', () => {
    const result = compileWith();
    expect(messages(result)).toEqual([]);
    const [experiment] = result.experiments;
    expect(experiment?.id).toBe('cc-feedback-redesign');
    expect(experiment?.plan.allocation).toEqual([
      { variant: 'baseline', weight: 34 },
      { variant: 'feedback-v1', weight: 33 },
      { variant: 'feedback-v2', weight: 33 },
    ]);
    expect(experiment?.variants['feedback-v1']?.flow).toBe('v1');
    expect(experiment?.plan).toMatchObject({ control: 'baseline', primaryMetric: 'paid-conversion', alpha: 0.05, power: 0.8 });
    expect(experiment?.paidWithinDays).toBe(14);
    expect(experiment?.reportingCurrency).toBe('EUR');
    expect(result.variants?.experiment).toBe('cc-feedback-redesign');
  });

  it('locates an unknown flag with a suggestion', () => {
    const edit = (yaml: string) => yaml.replace('flag: cc-feedback-redesign', 'flag: cc-feedback-redesing');
    expect(messages(compileWith(edit))).toEqual([
      `${at(edit(text), 'cc-feedback-redesing')} flag: unknown flag "cc-feedback-redesing" - did you mean "cc-feedback-redesign"? (flows/variants.yaml: cc-feedback-redesign)`,
    ]);
  });

  it('locates a misspelt variant and a control that is not compared', () => {
    const edit = (yaml: string) => yaml.replace('  feedback-v2:\n', '  feedback-v3:\n').replace('control: baseline', 'control: baselin');
    const edited = edit(text);
    expect(messages(compileWith(edit))).toEqual([
      `${at(edited, 'baselin')} control: "baselin" is not a compared variant that gets visitors - did you mean "baseline"?`,
      `${at(edited, 'feedback-v3')} variants.feedback-v3: unknown variant "feedback-v3" - did you mean "feedback-v2"? (flag cc-feedback-redesign: baseline, feedback-v1, feedback-v2)`,
    ]);
  });

  it('compares the variants it describes: a flag variant left out keeps its visitors and is not counted', () => {
    const withoutV2 = (yaml: string) => yaml.replace(/ {2}feedback-v2:\n {4}changes: [^\n]*\n/, '');
    const result = compileWith(withoutV2);
    expect(messages(result)).toEqual([]);
    expect(result.experiments[0]?.plan.allocation).toEqual([
      { variant: 'baseline', weight: 34 },
      { variant: 'feedback-v1', weight: 33 },
    ]);
    expect(Object.keys(result.experiments[0]?.variants ?? {})).toEqual(['baseline', 'feedback-v1']);
    const alone = (yaml: string) => withoutV2(yaml).replace(/ {2}feedback-v1:\n {4}changes: [^\n]*\n/, '');
    expect(messages(compileWith(alone))).toEqual([
      `${at(alone(text), 'baseline:', 'variants:')} variants: an experiment compares at least two variants that get visitors (flows/variants.yaml allocation); this one has baseline`,
    ]);
  });

  it('locates schema problems and plan problems at the line written', () => {
    const edit = (yaml: string) => yaml.replace('alpha: 0.05', 'alpha: 0.7').replace('primaryMetric: paid-conversion', 'primaryMetric: net-revenue-per-visitor');
    const edited = edit(text);
    expect(messages(compileWith(edit))).toEqual([expect.stringMatching(new RegExp(`^${at(edited, '0.7')} alpha: `))]);
    const planProblem = (yaml: string) => yaml.replace('primaryMetric: paid-conversion', 'primaryMetric: net-revenue-per-visitor');
    expect(messages(compileWith(planProblem))).toEqual([
      `${at(planProblem(text), 'mean: 0.04')} baseline.standardDeviation: revenue needs its standard deviation per visitor`,
    ]);
  });

  it('rejects a second experiment on the same flag', () => {
    const second = { file: 'experiments/second.yaml', text };
    expect(messages(compileWith(undefined, [second]))).toEqual([
      `experiments/second.yaml:${positionOf(text, 'cc-feedback-redesign', 'flag:').line}:${positionOf(text, 'cc-feedback-redesign', 'flag:').column} flag: flag "cc-feedback-redesign" already runs the experiment in ${file}: end one (remove its file) first`,
    ]);
  });
});
