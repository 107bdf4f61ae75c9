import type { CompiledStep } from './compiled-flow.ts';

// Made at the first text answer, not when the machine's chunk loads: Chrome takes about 10 ms (1x CPU)
// to make the first segmenter, and that was most of the task that starts the funnel.
let graphemes: Intl.Segmenter | undefined;

/** Why a short text answer is refused: nothing typed, longer than `maxLength`, or not matching `pattern`. */
export type TextProblem = 'blank' | 'tooLong' | 'pattern';

/**
 * What is wrong with a typed text for a text step (its `textRules` from the YAML), or undefined when
 * the machine may accept it. Surrounding spaces do not count: the trimmed text is what is stored. The
 * pattern must match the whole text (it is anchored here, so `[a-z]+` cannot pass on one letter).
 */
export function textAnswerProblem(step: CompiledStep, text: string): TextProblem | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 'blank';
  const rules = step.textRules;
  if (rules === undefined) return undefined;
  // Characters as the visitor sees them (graphemes), not UTF-16 units: an emoji or a letter with marks is one.
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  if ([...graphemes.segment(trimmed)].length > rules.maxLength) return 'tooLong';
  if (rules.pattern !== undefined && !new RegExp(`^(?:${rules.pattern})$`, 'u').test(trimmed)) return 'pattern';
  return undefined;
}
