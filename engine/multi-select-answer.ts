import type { CompiledStep } from './compiled-flow.ts';

/**
 * Why a multi-select answer is refused: fewer or more picks than the step's `selections` allow, an
 * option the step does not have (or picked twice), or the exclusive option ("none of these") together
 * with others. Undefined when the machine may accept it.
 */
export type SelectionProblem = 'tooFew' | 'tooMany' | 'unknownOption' | 'exclusiveWithOthers';

/** The picks a multi-select step allows when the YAML names no `selections`: at least one, any number. */
export function selectionLimits(step: CompiledStep): { readonly min: number; readonly max: number } {
  return step.selections ?? { min: 1, max: step.options?.length ?? 1 };
}

export function selectionProblem(step: CompiledStep, values: readonly string[]): SelectionProblem | undefined {
  const known = new Set((step.options ?? []).map((option) => option.value));
  if (values.some((value) => !known.has(value)) || new Set(values).size !== values.length) return 'unknownOption';
  if (step.exclusive !== undefined && values.includes(step.exclusive) && values.length > 1) return 'exclusiveWithOthers';
  const { min, max } = selectionLimits(step);
  // The exclusive option is a complete answer on its own, whatever the minimum.
  if (values.length < min && !(step.exclusive !== undefined && values.includes(step.exclusive))) return 'tooFew';
  if (values.length > max) return 'tooMany';
  return undefined;
}

/**
 * The picks after the visitor taps `value`: it is removed when picked, else added; the exclusive
 * option clears the others and any other option clears the exclusive one. A tap that would go over
 * the maximum changes nothing (the screen says why). Kept in the option set's order, so the stored
 * answer does not depend on the order of the taps.
 */
export function toggleSelection(step: CompiledStep, current: readonly string[], value: string): readonly string[] {
  if (current.includes(value)) return current.filter((picked) => picked !== value);
  const exclusive = step.exclusive;
  const next = value === exclusive ? [value] : [...current.filter((picked) => picked !== exclusive), value];
  if (next.length > selectionLimits(step).max) return current;
  const order = (step.options ?? []).map((option) => option.value);
  return [...next].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
