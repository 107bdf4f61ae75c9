/** How one step order differs from another. Positions are 0-based. */
export interface StepOrderDiff {
  /** In `to` only. `after` is the preceding step in `to` (undefined at the start). */
  readonly inserted: readonly { readonly id: string; readonly index: number; readonly after?: string }[];
  /** In `from` only. */
  readonly removed: readonly { readonly id: string; readonly index: number }[];
  /** In both, but not part of the longest common subsequence: the steps someone actually moved. */
  readonly moved: readonly { readonly id: string; readonly from: number; readonly to: number; readonly after?: string }[];
  /** Steps in both that kept their relative order. */
  readonly kept: number;
}

/**
 * Diffs two step orders the way a reviewer thinks about them: which steps were inserted, removed, or
 * moved. "Moved" is minimal: the steps outside the longest common subsequence of the shared steps, so
 * moving one step reports that step, not every step it jumped over.
 */
export function diffStepOrders(from: readonly string[], to: readonly string[]): StepOrderDiff {
  const inFrom = new Set(from);
  const inTo = new Set(to);
  const sharedFrom = from.filter((id) => inTo.has(id));
  const sharedTo = to.filter((id) => inFrom.has(id));
  const stable = new Set(longestCommonSubsequence(sharedFrom, sharedTo));
  const previous = (id: string): string | undefined => {
    const index = to.indexOf(id);
    return index > 0 ? to[index - 1] : undefined;
  };
  const withAfter = <T extends object>(base: T, id: string): T & { after?: string } => {
    const after = previous(id);
    return after === undefined ? base : { ...base, after };
  };
  return {
    inserted: to.flatMap((id, index) => (inFrom.has(id) ? [] : [withAfter({ id, index }, id)])),
    removed: from.flatMap((id, index) => (inTo.has(id) ? [] : [{ id, index }])),
    moved: sharedTo.flatMap((id) => (stable.has(id) ? [] : [withAfter({ id, from: from.indexOf(id), to: to.indexOf(id) }, id)])),
    kept: stable.size,
  };
}

function longestCommonSubsequence(a: readonly string[], b: readonly string[]): string[] {
  // Classic O(n*m) table: flows have tens of steps, so this is instant.
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? (table[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const result: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      result.push(a[i] ?? '');
      i++;
      j++;
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) {
      i++;
    } else {
      j++;
    }
  }
  return result;
}
