/**
 * The one data-access interface of the local stack. Two implementations: embedded Postgres (PGlite,
 * persisted under DATA_DIR) and a real PostgreSQL server (DATABASE_URL). Everything in server/ talks
 * to the database through this, so the same code and tests run on both.
 */
export interface QueryResult<Row> {
  readonly rows: Row[];
  readonly fields: readonly { readonly name: string }[];
  /** Rows inserted, updated or deleted, where the driver reports it. */
  readonly affectedRows: number;
}

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

/** A connection inside a transaction: parameterised queries and, for migrations, plain scripts. */
export interface Transaction extends Queryable {
  /** Runs several statements without parameters inside the transaction. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** "pglite" or "postgres": for start-up messages and skipped-test notes. */
  readonly kind: 'pglite' | 'postgres';
}
