import type { Database, QueryResult, Transaction } from '../../../server/db/database';

/** What the wrapped database does to each statement; change it while the stack runs. */
export interface DatabaseFaults {
  /** Every statement waits this long before it runs (inside its transaction): a slow or busy database. */
  delayMs: number;
  /** Statements this matches fail as a statement fails when the server goes away (57P01). */
  failing: ((sql: string) => boolean) | undefined;
}

export interface FaultyDatabase {
  /** Hand this to startServer (`start: { database }`): every service of the stack goes through it. */
  readonly db: Database;
  readonly faults: DatabaseFaults;
}

/**
 * The stack's database (server/db/database.ts) with faults a test switches on and off: the seam is the
 * interface every service already takes, so production code is unchanged. Transactions keep their
 * connection and their rollback; only the statements inside them are slowed or failed.
 */
export function faultyDatabase(inner: Database): FaultyDatabase {
  const faults: DatabaseFaults = { delayMs: 0, failing: undefined };
  const gate = async (sql: string): Promise<void> => {
    if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    if (faults.failing?.(sql) === true) throw adminShutdown();
  };
  const wrap = (target: Transaction): Transaction => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      await gate(sql);
      return target.query<Row>(sql, params);
    },
    async exec(sql: string): Promise<void> {
      await gate(sql);
      await target.exec(sql);
    },
  });
  const db: Database = {
    kind: inner.kind,
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      await gate(sql);
      return inner.query<Row>(sql, params);
    },
    async exec(sql: string): Promise<void> {
      await gate(sql);
      await inner.exec(sql);
    },
    transaction: (work) => inner.transaction((tx) => work(wrap(tx))),
    close: () => inner.close(),
  };
  return { db, faults };
}

/** What pg throws for a statement whose server is shutting down (`pg_ctl stop -m fast`). */
function adminShutdown(): Error {
  return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
}
