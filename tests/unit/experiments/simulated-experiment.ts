import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { ExperimentCounts } from '../../../engine/experiments/experiment-counts.ts';
import { variantCounts } from './variant-counts.ts';

/** How visitors of one variant behave: the chance of each step, the rest is the funnel's order. */
export interface VisitorModel {
  /** P(sign-up) for an exposed visitor. */
  readonly signUp: number;
  /** P(tries to pay | signed up). */
  readonly attempt: number;
  /** P(pays | tried): with the two above, paid conversion = signUp * attempt * pay. */
  readonly pay: number;
  /** P(at least one failed payment | tried), independent of paying in the end. */
  readonly failure: number;
  /** P(refunded within 14 days | paid): a refunded visitor's net revenue is 0. */
  readonly refund: number;
  /** The prices a payer pays, with their chances (they add up to 1). */
  readonly prices: readonly { readonly amount: number; readonly chance: number }[];
}

/** The funnel of this app: 2.99 a week for most payers, 39.99 a year for some (docs/experiments.md, "Proof: the simulation"). */
export function funnelModel(changes: Partial<VisitorModel> = {}): VisitorModel {
  return {
    signUp: 0.3,
    attempt: 0.5,
    pay: 2 / 3,
    failure: 0.1,
    refund: 0.1,
    prices: [
      { amount: 2.99, chance: 0.7 },
      { amount: 39.99, chance: 0.3 },
    ],
    ...changes,
  };
}

export function paidConversion(model: VisitorModel): number {
  return model.signUp * model.attempt * model.pay;
}

/** The true mean net revenue per exposed visitor of a model. */
export function revenuePerVisitor(model: VisitorModel): number {
  const meanPrice = model.prices.reduce((sum, price) => sum + price.amount * price.chance, 0);
  return paidConversion(model) * (1 - model.refund) * meanPrice;
}

/** The true standard deviation of net revenue per exposed visitor of a model. */
export function revenueStandardDeviation(model: VisitorModel): number {
  const meanSquare = model.prices.reduce((sum, price) => sum + price.amount ** 2 * price.chance, 0);
  const secondMoment = paidConversion(model) * (1 - model.refund) * meanSquare;
  return Math.sqrt(secondMoment - revenuePerVisitor(model) ** 2);
}

interface Arm {
  readonly variant: string;
  readonly weight: number;
  readonly model: VisitorModel;
}

/**
 * An experiment's counts growing day by day: each day `visitorsPerDay` visitors arrive, each is assigned an
 * arm at random by the weights and walks the arm's funnel. `onLook` sees the cumulative counts after every
 * day and may stop the run by returning true. Seeded, so a run is the same on every machine.
 */
export function simulateExperiment(
  seed: number,
  arms: readonly Arm[],
  visitorsPerDay: number,
  days: number,
  onLook: (counts: ExperimentCounts, day: number) => boolean,
): void {
  const rng = xoroshiro128plus(seed);
  // 32 random bits per draw (one step of the generator): plenty for chances of 1e-3 and up, and twice as
  // fast as pure-rand's 53-bit uniformFloat64, which keeps the simulation file within its time budget.
  const random = (): number => (rng.next() >>> 0) * 2 ** -32;
  const totalWeight = arms.reduce((sum, arm) => sum + arm.weight, 0);
  const counts = arms.map((arm) => variantCounts({ variant: arm.variant }));
  for (let day = 1; day <= days; day++) {
    for (let visitor = 0; visitor < visitorsPerDay; visitor++) {
      let pick = random() * totalWeight;
      let index = 0;
      while (index < arms.length - 1 && pick >= (arms[index]?.weight ?? 0)) pick -= arms[index++]?.weight ?? 0;
      const arm = arms[index];
      const tally = counts[index];
      if (!arm || !tally) continue;
      const m = arm.model;
      tally.exposed++;
      if (random() >= m.signUp) continue;
      tally.signedUp++;
      if (random() >= m.attempt) continue;
      tally.paymentAttempted++;
      if (random() < m.failure) tally.paymentFailed++;
      if (random() >= m.pay) continue;
      tally.paid++;
      if (random() < m.refund) {
        tally.refunded++;
        continue;
      }
      let draw = random();
      const price = m.prices.find((p) => (draw -= p.chance) < 0) ?? m.prices[m.prices.length - 1];
      const amount = price?.amount ?? 0;
      tally.revenue.sum += amount;
      tally.revenue.sumOfSquares += amount * amount;
    }
    const snapshot = counts.map((tally) => ({ ...tally, revenue: { ...tally.revenue } }));
    if (onLook({ variants: snapshot, unexposed: { signedUp: 0, paid: 0 }, elapsedDays: day }, day)) return;
  }
}
