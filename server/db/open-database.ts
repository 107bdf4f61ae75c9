import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ServerConfig } from '../config';
import type { PGliteInterface, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { Database, QueryResult, Transaction } from './database';

export interface OpenDatabaseOptions {
  /**
   * A PGlite data-directory dump (from `dumpDataDir`) to start a new data directory from. Tests use a
   * migrated template so each one skips the ~5 s `initdb`. Ignored when the directory already exists
   * as a database, and for PostgreSQL.
   */
  readonly loadDataDir?: Blob;
}

/**
 * Opens the database the config names: a real PostgreSQL server when DATABASE_URL is set, otherwise
 * embedded PGlite persisted under DATA_DIR/pglite.
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl !== undefined) return openPostgres(config.databaseUrl);
  return openPglite(pgliteDirectory(config.dataDir), options.loadDataDir);
}

/** Where PGlite keeps its cluster inside DATA_DIR (other services may keep files next to it). */
export function pgliteDirectory(dataDir: string): string {
  return `${dataDir}/pglite`;
}

function pgliteQueryable(target: PGliteInterface | PgliteTransaction): Transaction {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, [...params]);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

async function openPglite(directory: string, loadDataDir: Blob | undefined): Promise<Database> {
  mkdirSync(directory, { recursive: true });
  // relaxedDurability stays false (PGlite's default): every query's writes reach the files before its
  // promise resolves, so a committed row survives `kill -9`.
  const db = await PGlite.create({ dataDir: directory, relaxedDurability: false, loadDataDir });
  const self = pgliteQueryable(db);
  return {
    kind: 'pglite',
    ...self,
    transaction: (work) => db.transaction((tx) => work(pgliteQueryable(tx))),
    close: () => db.close(),
  };
}

function pgQueryable(target: pg.Pool | pg.PoolClient): Transaction {
  const send = async <Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> => {
    const result = await target.query(sql, [...params]);
    // pg types rows as `any`; callers name the row type, as they do with PGlite.
    const rows = result.rows as Row[];
    return { rows, fields: result.fields, affectedRows: result.rowCount ?? 0 };
  };
  const exec = async (sql: string): Promise<void> => {
    await target.query(sql);
  };
  // The pool gives each query its own connection. A transaction's client is one connection, and code
  // inside a transaction may start several reads at once (Promise.all over lookup keys, expansions):
  // pg queues them itself but warns that this is deprecated (gone in pg 9), so they wait their turn here.
  if (target instanceof pg.Pool) return { query: send, exec };
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = previous.then(run, run);
    previous = turn.catch(() => undefined);
    return turn;
  };
  return {
    query: <Row>(sql: string, params?: readonly unknown[]) => inTurn(() => send<Row>(sql, params)),
    exec: (sql: string) => inTurn(() => exec(sql)),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle pooled connection the server drops (a restart: 57P01) is an 'error' event; unhandled, it
  // would end this process. The pool discards that client and opens a new one for the next request.
  pool.on('error', (error) => console.error('PostgreSQL dropped an idle connection:', error.message));
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const self = pgQueryable(pool);
  return {
    kind: 'postgres',
    ...self,
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out client is off the pool's 'error' listener: when the server goes away mid-transaction
      // (a restart's 57P01, a reset socket) the client emits 'error' besides failing its statement, and an
      // 'error' event nobody listens to ends the process. The statement's own rejection reaches the caller;
      // this keeps the event from crashing the stack and marks the client as not to be pooled again.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
        console.error('PostgreSQL dropped a connection in use:', error.message);
      };
      client.on('error', onLost);
      // begin, commit and rollback take their turn after the work's own queries, like them.
      const tx = pgQueryable(client);
      try {
        await tx.exec('begin');
        const result = await work(tx);
        await tx.exec('commit');
        return result;
      } catch (error) {
        if (lost === undefined) {
          await tx.exec('rollback').catch((rollbackError: unknown) => {
            lost = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        }
        throw error;
      } finally {
        client.off('error', onLost);
        // With an error the pool destroys the client instead of handing a dead connection to the next request.
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
