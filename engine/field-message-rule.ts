/**
 * When a form field shows its problem: one rule for every field the visitor types into (the sign-up
 * password and e-mail, each card field of the payment form).
 *
 * - A problem is revealed when the form is submitted, or when the visitor leaves a field holding
 *   something (leaving an empty field untouched is not a mistake yet).
 * - While revealed, the message describes the value as it is now: it changes with the value and
 *   clears the moment the value is valid, which also ends the reveal.
 * - Never while the first characters are typed: a field nobody left or submitted shows nothing, and
 *   after a fix it waits for the next leave or submit again.
 *
 * Pure: the screens keep `revealed` per field (screens/use-field-message.ts, the payment frame) and
 * ask `visibleProblem` what to show.
 */

/** What the visitor did to the field. */
export type FieldAction = 'edit' | 'leave' | 'submit';

/** The field's value after the action: whether it is empty, and its problem (undefined when valid). */
export interface FieldValue<Problem> {
  readonly empty: boolean;
  readonly problem: Problem | undefined;
}

/** Whether the field's problem is revealed after `action`, given whether it was before. */
export function revealedAfter<Problem>(action: FieldAction, revealed: boolean, value: FieldValue<Problem>): boolean {
  if (value.problem === undefined) return false;
  if (action === 'submit') return true;
  if (action === 'leave') return revealed || !value.empty;
  return revealed;
}

/** The problem to show now: the value's own, while revealed. */
export function visibleProblem<Problem>(revealed: boolean, value: FieldValue<Problem>): Problem | undefined {
  return revealed ? value.problem : undefined;
}
