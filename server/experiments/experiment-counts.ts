import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledExperiment } from '../../engine/experiments/compile-experiment';
import type { ExperimentCounts } from '../../engine/experiments/experiment-counts';
import type { Queryable } from '../db/database';

/** The two queries, as docs/experiments.md shows the analyst: the counts per variant, and the lost exposures. */
export interface ExperimentSql {
  readonly counts: string;
  readonly unexposed: string;
}

export function experimentCountsSql(repoRoot: string): ExperimentSql {
  const read = (file: string) => readFileSync(join(repoRoot, 'server/experiments', file), 'utf8');
  return { counts: read('experiment-counts.sql'), unexposed: read('experiment-unexposed.sql') };
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

interface UnexposedRow {
  readonly signed_up: number;
  readonly paid: number;
}

const dayMs = 86_400_000;

/**
 * The experiment's counts from the database the stack (or a warehouse) holds: the SQL's rows for every
 * variant of the plan (0 for a variant nobody was exposed to yet) and the days since the start.
 * Exposures of a variant the plan does not allocate (a weight set to 0 after the start) are left out:
 * the report compares the allocated variants only. `unexposed`: sign-ups (and their payments) assigned a
 * variant at sign-up with no exposure event, which the integrity check weighs against the exposed ones.
 */
export async function experimentCounts(db: Queryable, sql: ExperimentSql, experiment: CompiledExperiment, now: Date): Promise<ExperimentCounts> {
  const start = new Date(experiment.start);
  const { rows } = await db.query<CountsRow>(sql.counts, [experiment.id, start.toISOString(), experiment.paidWithinDays, experiment.reportingCurrency.toLowerCase()]);
  const lost = (await db.query<UnexposedRow>(sql.unexposed, [experiment.id, start.toISOString(), experiment.paidWithinDays])).rows[0];
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
    unexposed: { signedUp: lost?.signed_up ?? 0, paid: lost?.paid ?? 0 },
    elapsedDays: Math.max(0, (now.getTime() - start.getTime()) / dayMs),
  };
}
