import type { CompiledFlow, CompiledStep } from './compiled-flow';

/**
 * Step n of N over the questionnaire only: the spec counts 23 / 25 / 23 steps for default / v1 / v2,
 * which matches the flows without the e-mail and password steps (docs/decisions/0025-step-n-of-n.md). Sign-up steps
 * show no progress (undefined).
 */
export function questionnaireProgress(flow: CompiledFlow, step: CompiledStep): { current: number; total: number } | undefined {
  const questionnaire = flow.steps.filter((candidate) => !isSignUpStep(candidate));
  const position = questionnaire.findIndex((candidate) => candidate.id === step.id);
  return position === -1 ? undefined : { current: position + 1, total: questionnaire.length };
}

export function isSignUpStep(step: CompiledStep): boolean {
  return step.screen === 'signUpEmail' || step.screen === 'signUpPassword';
}
