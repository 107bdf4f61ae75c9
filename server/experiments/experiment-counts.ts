import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import type { ExperimentCounts } from '../../engine/experiments/experiment-counts';
import type { Queryable } from '../db/database';

/** The join's SQL, as docs/experiments.md shows the analyst. */
export function experimentCountsSql(repoRoot: string): string {
  return readFileSync(join(repoRoot, 'server/experiments/experiment-counts.sql'), 'utf8');
}

interface CountsRow {
  readonly variant: string;
  readonly exposed: number;
  readonly signed_up: number;
  readonly paid: number;
  readonly refunded: number;
  readonly payment_attempted: number;
  readonly payment_failed: number;
  readonly revenue_sum: number;
  readonly revenue_sum_of_squares: number;
}

const dayMs = 86_400_000;

/**
 * The experiment's counts from the database the stack (or a warehouse) holds: the SQL's rows for every
 * variant of the plan (0 for a variant nobody was exposed to yet) and the days since the start.
 * Exposures of a variant the plan does not allocate (a weight set to 0 after the start) are left out:
 * the report compares the allocated variants only.
 */
export async function experimentCounts(db: Queryable, sql: string, experiment: CompiledExperiment, now: Date): Promise<ExperimentCounts> {
  const start = new Date(experiment.start);
  const { rows } = await db.query<CountsRow>(sql, [experiment.id, start.toISOString(), experiment.paidWithinDays, experiment.reportingCurrency.toLowerCase()]);
  const byVariant = new Map(rows.map((row) => [row.variant, row]));
  return {
    variants: experiment.plan.allocation.map(({ variant }) => {
      const row = byVariant.get(variant);
      return {
        variant,
        exposed: row?.exposed ?? 0,
        signedUp: row?.signed_up ?? 0,
        paid: row?.paid ?? 0,
        refunded: row?.refunded ?? 0,
        paymentAttempted: row?.payment_attempted ?? 0,
        paymentFailed: row?.payment_failed ?? 0,
        revenue: { sum: row?.revenue_sum ?? 0, sumOfSquares: row?.revenue_sum_of_squares ?? 0 },
      };
    }),
    unexposed: { signedUp: 0, paid: 0 },
    elapsedDays: Math.max(0, (now.getTime() - start.getTime()) / dayMs),
  };
}
