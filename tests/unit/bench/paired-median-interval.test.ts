import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { pairedMedianInterval } from '../../../bench/paired-median-interval';

describe('pairedMedianInterval', () => {
  it('uses the sign test order statistics (n = 20 at 95 %: the 6th smallest and the 6th largest)', () => {
    const differences = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(pairedMedianInterval(differences)).toEqual({ median: 10.5, low: 6, high: 15, pairs: 20 });
  });

  it('has no 95 % interval from fewer than 6 pairs (1/32 > 2.5 %), one from 6 (1/64)', () => {
    expect(pairedMedianInterval([1, 2, 3, 4, 5])).toMatchObject({ median: 3, low: undefined, high: undefined });
    expect(pairedMedianInterval([1, 2, 3, 4, 5, 6])).toMatchObject({ median: 3.5, low: 1, high: 6 });
  });

  it('covers the true median difference in at least 95 % of skewed, noisy samples (simulation, seeded)', () => {
    // Lognormal-like noise (skewed, like page loads on a busy machine) around a true median shift of 40 ms.
    const rng = xoroshiro128plus(29);
    // In (0, 1): never 0, whose logarithm the normal draw takes.
    const uniform = (): number => ((rng.next() >>> 0) + 0.5) * 2 ** -32;
    const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const trials = 2000;
    let covered = 0;
    for (let trial = 0; trial < trials; trial++) {
      // Symmetric noise of the difference (two i.i.d. skewed loads subtracted): the true median is the shift.
      const differences = Array.from({ length: 25 }, () => 40 + 300 * (Math.exp(0.6 * normal()) - Math.exp(0.6 * normal())));
      const { low, high } = pairedMedianInterval(differences);
      if (low !== undefined && high !== undefined && low <= 40 && 40 <= high) covered++;
    }
    expect(covered / trials).toBeGreaterThanOrEqual(0.95);
    // Not vacuous: the interval is not so wide it always covers (n = 25 gives 95.7 % exactly).
    expect(covered / trials).toBeLessThan(0.99);
  });
});
