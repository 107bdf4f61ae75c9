import { useState } from 'react';
import { revealedAfter, visibleProblem, type FieldValue } from '../engine/field-message-rule';

export interface FieldMessage<Problem> {
  /** The problem to show now (engine/field-message-rule.ts), undefined while there is none to show. */
  readonly problem: Problem | undefined;
  /** For the field's `onBlur`. */
  readonly onLeave: () => void;
  /** Call when the form is submitted. */
  readonly onSubmit: () => void;
}

/**
 * The field-message rule over a controlled field: pass the value's emptiness and its current problem
 * on every render. An edit needs no call: the value's problem is read as it is, and a valid value ends
 * the reveal right here (React's "adjust state while rendering" pattern, no effect and no extra frame).
 */
export function useFieldMessage<Problem>(value: FieldValue<Problem>): FieldMessage<Problem> {
  const [revealed, setRevealed] = useState(false);
  const stillRevealed = revealedAfter('edit', revealed, value);
  if (stillRevealed !== revealed) setRevealed(stillRevealed);
  return {
    problem: visibleProblem(stillRevealed, value),
    onLeave: () => setRevealed((was) => revealedAfter('leave', was, value)),
    onSubmit: () => setRevealed((was) => revealedAfter('submit', was, value)),
  };
}
