import { distance } from 'fastest-levenshtein';

/**
 * The candidate closest to `input`, when it is close enough to be a plausible typo
 * (`heigth` -> `height`, `chooseGoall` -> `chooseGoal`); otherwise undefined.
 */
export function suggestName(input: string, candidates: Iterable<string>): string | undefined {
  const lowered = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  let tied = false;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    // Case-insensitive distance so `Height` and `HEIGHT` still find `height`.
    const d = distance(lowered, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
      tied = false;
    } else if (d === bestDistance) {
      tied = true;
    }
  }
  // `v3` is one edit from both `v1` and `v2`: guessing one of them would mislead.
  if (tied) best = undefined;
  // About one edit per three characters (a transposition counts two); short names allow a single edit
  // so that `ab` does not "suggest" an unrelated `xy`.
  const limit = input.length <= 3 ? 1 : Math.max(2, Math.floor(input.length / 3));
  if (best !== undefined && bestDistance <= limit) return best;
  // A shortened or extended name (`legal` for `legalNotice`) is far in edits but obvious:
  // accept a candidate sharing a prefix of at least three quarters of the input.
  if (input.length >= 4) {
    for (const candidate of candidates) {
      if (candidate !== input && commonPrefix(lowered, candidate.toLowerCase()) >= Math.ceil(input.length * 0.75)) return candidate;
    }
  }
  return undefined;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** ` - did you mean "height"?` or an empty string. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const suggestion = suggestName(input, candidates);
  return suggestion === undefined ? '' : ` - did you mean "${suggestion}"?`;
}
