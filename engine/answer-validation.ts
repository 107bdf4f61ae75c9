import type { CompiledStep } from './compiled-flow';
import type { FunnelAnswer } from './funnel-answer';
import { isValidEmail } from './credential-rules';
import { numberAnswerProblem } from './number-answer-check';
import { selectionProblem } from './multi-select-answer';
import { dateAnswerProblem } from './date-answer';
import { textAnswerProblem } from './text-answer';
import { isOnScale } from './scale-step';
import type { CalendarDay } from './daily-calorie-plan';


/**
 * Whether an answer is acceptable for a step: the machine's `isAnswerValid` guard. Screens ask the
 * machine (`snapshot.can`) instead of calling this, so the rule lives in one place. `today` (the
 * visitor's calendar day) bounds date answers; without it only the calendar is checked.
 */
export function isAnswerValidForStep(step: CompiledStep, answer: FunnelAnswer, today?: CalendarDay): boolean {
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
    case 'choices':
      return step.screen === 'multiSelect' && selectionProblem(step, answer.values) === undefined;
    case 'scale': {
      const scale = step.scale;
      return step.screen === 'slider' && scale !== undefined && answer.value >= scale.min && answer.value <= scale.max && isOnScale(scale, answer.value);
    }
    case 'date':
      return step.screen === 'date' && dateAnswerProblem(step, answer.value, today) === undefined;
    case 'text':
      return step.screen === 'text' && textAnswerProblem(step, answer.text) === undefined;
    case 'continue':
      return step.screen === 'company' || step.screen === 'info' || step.screen === 'readyToStart';
    case 'email':
      return step.screen === 'signUpEmail' && isValidEmail(answer.value);
  }
}
