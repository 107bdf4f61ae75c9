import type { ExperimentCounts } from './experiment-counts.ts';

/** Why exposure logging cannot be trusted; docs/experiments.md ("Do not trust") explains each. */
export type ExposureProblem =
  | { readonly kind: 'outcomes-without-exposures'; readonly variant: string }
  | { readonly kind: 'impossible-counts'; readonly variant: string; readonly detail: string }
  | { readonly kind: 'unexposed-outcomes'; readonly outcome: 'signedUp' | 'paid'; readonly share: number };

/**
 * The checks that say the join from exposure to payment is broken, so no difference between variants means
 * anything: a variant with outcomes but no exposures; counts that cannot happen (more payers than exposed
 * visitors, more refunds than payers, a revenue sum of squares below sum^2 / n, ...); or more than
 * `maxUnexposedShare` of all sign-ups or payments belonging to visitors with no exposure record.
 */
export function exposureIntegrity(counts: ExperimentCounts, maxUnexposedShare: number): readonly ExposureProblem[] {
  const problems: ExposureProblem[] = [];
  for (const v of counts.variants) {
    if (v.exposed === 0 && (v.signedUp > 0 || v.paid > 0 || v.paymentAttempted > 0)) {
      problems.push({ kind: 'outcomes-without-exposures', variant: v.variant });
      continue;
    }
    const impossible: readonly [boolean, string][] = [
      [v.signedUp > v.exposed, 'signedUp > exposed'],
      [v.paid > v.signedUp, 'paid > signedUp'],
      [v.paymentAttempted > v.signedUp, 'paymentAttempted > signedUp'],
      [v.paid > v.paymentAttempted, 'paid > paymentAttempted'],
      [v.refunded > v.paid, 'refunded > paid'],
      [v.paymentFailed > v.paymentAttempted, 'paymentFailed > paymentAttempted'],
      // Cauchy-Schwarz: sum^2 <= n * sumOfSquares for any n values (a relative slack absorbs rounding).
      [v.revenue.sum ** 2 > v.exposed * v.revenue.sumOfSquares * (1 + 1e-9) + 1e-9, 'revenue sum^2 > exposed * sumOfSquares'],
    ];
    for (const [broken, detail] of impossible) if (broken) problems.push({ kind: 'impossible-counts', variant: v.variant, detail });
  }
  for (const outcome of ['signedUp', 'paid'] as const) {
    const unexposed = counts.unexposed[outcome];
    const all = unexposed + counts.variants.reduce((sum, v) => sum + v[outcome], 0);
    const share = all === 0 ? 0 : unexposed / all;
    if (share > maxUnexposedShare) problems.push({ kind: 'unexposed-outcomes', outcome, share });
  }
  return problems;
}
