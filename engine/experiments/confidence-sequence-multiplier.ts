/**
 * How many standard errors the two-sided asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha,
 * Kennedy and Ramdas ("Time-uniform central limit theory and asymptotic confidence sequences", 2021/2024,
 * Theorem 2.2: the normal-mixture boundary of Howard et al. 2021) reaches at sample size `n`, when its
 * mixture is tuned to be tightest at `plannedN`. The interval estimate +- multiplier * standard error holds
 * the true value at every n at once with probability 1 - alpha (asymptotically), which is why it may be
 * read after every visitor. docs/experiments.md ("The formulas") derives it:
 *
 *   rho2 = (2 ln(1/alpha) + ln(1 + 2 ln(1/alpha))) / plannedN
 *   multiplier(n) = sqrt( 2 (n rho2 + 1) / (n rho2) * ln( sqrt(n rho2 + 1) / alpha ) )
 */
export function confidenceSequenceMultiplier(n: number, plannedN: number, alpha: number): number {
  if (n <= 0) return Number.POSITIVE_INFINITY;
  const nRho2 = n * mixtureTuning(plannedN, alpha);
  return Math.sqrt(((2 * (nRho2 + 1)) / nRho2) * Math.log(Math.sqrt(nRho2 + 1) / alpha));
}

/** rho^2 that makes the boundary (nearly) tightest at `plannedN` (Waudby-Smith et al.'s closed-form approximation). */
export function mixtureTuning(plannedN: number, alpha: number): number {
  const logInverseAlpha = Math.log(1 / alpha);
  return (2 * logInverseAlpha + Math.log(1 + 2 * logInverseAlpha)) / plannedN;
}
