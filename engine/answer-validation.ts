import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer } from './funnel-answer';
import { isValidEmail } from './credential-rules';
import { numberAnswerProblem } from './number-answer-check';


/**
 * Whether an answer is acceptable for a step: the machine's `isAnswerValid` guard. Screens ask the
 * machine (`snapshot.can`) instead of calling this, so the rule lives in one place.
 */
export function isAnswerValidForStep(step: CompiledStep, answer: FunnelAnswer): boolean {
  switch (answer.kind) {
    case 'choice':
      return step.screen === 'singleChoice' && (step.options ?? []).some((option) => option.value === answer.value);
    case 'measurement':
    case 'feetInches':
    case 'wholeNumber':
      // Blank is refused (spec section 5), and so are text that is no number, an answer shape the step's
      // unit system does not ask for, and implausible values (the ranges in the flow YAML; issue 13),
      // instead of storing 0 or a 14-ft height.
      return step.screen === 'number' && numberAnswerProblem(step, answer) === undefined;
    case 'continue':
      return step.screen === 'company' || step.screen === 'info' || step.screen === 'readyToStart';
    case 'email':
      return step.screen === 'signUpEmail' && isValidEmail(answer.value);
  }
}
