import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `input`, when it is close enough to be a plausible typo
 * (`heigth` -> `height`, `chooseGoall` -> `chooseGoal`); otherwise undefined.
 */
export function suggestName(input: string, candidates: Iterable<string>): string | undefined {
  const lowered = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    // Case-insensitive distance so `Height` and `HEIGHT` still find `height`.
    const d = distance(lowered, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // About one edit per three characters (a transposition counts two); short names allow a single edit
  // so that `ab` does not "suggest" an unrelated `xy`.
  const limit = input.length <= 3 ? 1 : Math.max(2, Math.floor(input.length / 3));
  if (bestDistance <= limit) return best;
  // A shortened or lengthened name (`subscribers` for `subscriberCount`) is too far by edits but obvious.
  if (input.length >= 4) {
    for (const candidate of candidates) {
      const c = candidate.toLowerCase();
      if (candidate !== input && (c.startsWith(lowered) || lowered.startsWith(c))) return candidate;
    }
  }
  return undefined;
}

/** ` - did you mean "height"?` or an empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const suggestion = suggestName(input, candidates);
  return suggestion === undefined ? '' : ` - did you mean "${suggestion}"?`;
}
