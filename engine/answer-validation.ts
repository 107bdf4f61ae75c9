import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer } from './funnel-answer';
import { isValidEmail } from './credential-rules';


/**
 * Whether an answer is acceptable for a step: the machine's `isAnswerValid` guard. Screens ask the
 * machine (`snapshot.can`) instead of calling this, so the rule lives in one place.
 */
export function isAnswerValidForStep(step: CompiledStep, answer: FunnelAnswer): boolean {
  switch (answer.kind) {
    case 'choice':
      return step.screen === 'singleChoice' && (step.options ?? []).some((option) => option.value === answer.value);
    case 'measurement':
      // Blank is refused; anything else is accepted and stored as 0 when invalid (spec section 5).
      return (step.screen === 'height' || step.screen === 'weight') && answer.text.trim() !== '';
    case 'wholeNumber':
      return step.screen === 'age' && answer.text.trim() !== '';
    case 'continue':
      return step.screen === 'company' || step.screen === 'info' || step.screen === 'readyToStart';
    case 'email':
      return step.screen === 'signUpEmail' && isValidEmail(answer.value);
  }
}
