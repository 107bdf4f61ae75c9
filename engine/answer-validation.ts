import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer } from './funnel-answer';

/** Spec section 9. */
export const MIN_PASSWORD_LENGTH = 6;

// Deliberately loose (something@something.tld): the auth provider has the final word on an address.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
    case 'password':
      return step.screen === 'signUpPassword' && answer.value.length >= MIN_PASSWORD_LENGTH;
  }
}

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
