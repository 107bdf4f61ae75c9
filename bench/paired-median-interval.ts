/**
 * The median of paired differences (after - before, one pair per interleaved round) with its
 * distribution-free confidence interval from the sign test: the true median difference lies between
 * the k-th smallest and k-th largest difference, k the largest rank with
 * P(Binomial(n, 1/2) < k) <= (1 - level) / 2 (for example n = 20 at 95 %: the 6th smallest and 6th largest).
 * Assumes only that the rounds are independent; no distribution shape (the machine's noise is skewed).
 * Fewer than 6 pairs cannot give a 95 % interval: the interval is then undefined.
 */
export function pairedMedianInterval(differences: readonly number[], level = 0.95): { median: number; low: number | undefined; high: number | undefined; pairs: number } {
  const sorted = differences.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  const n = sorted.length;
  const middle = n === 0 ? NaN : n % 2 === 1 ? (sorted[(n - 1) / 2] ?? NaN) : ((sorted[n / 2 - 1] ?? NaN) + (sorted[n / 2] ?? NaN)) / 2;
  const tail = (1 - level) / 2;
  // P(B < k) for k = 1, 2, ...: the largest k whose lower tail stays within `tail`.
  let k = 0;
  let below = 0;
  let term = 0.5 ** n; // P(B = 0)
  for (let i = 0; i < n; i++) {
    if (below + term > tail) break;
    below += term;
    k = i + 1;
    term = (term * (n - i)) / (i + 1);
  }
  return { median: middle, low: k === 0 ? undefined : sorted[k - 1], high: k === 0 ? undefined : sorted[n - k], pairs: n };
}
