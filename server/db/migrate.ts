import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Migration sources, applied in this order: what Supabase provides first, then the project's own. */
export const migrationSources: readonly { readonly name: string; readonly directory: string }[] = [
  { name: 'platform', directory: join(repoRoot, 'server/db/platform-migrations') },
  { name: 'supabase', directory: join(repoRoot, 'supabase/migrations') },
];

export interface MigrateResult {
  /** "source/file.sql" of every migration applied by this call, in order. */
  readonly applied: readonly string[];
}

// One key for every process migrating the same PostgreSQL database at once.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies every not-yet-applied `*.sql` of each source in name order, each once and each in its own
 * transaction together with its bookkeeping row, so a failing migration leaves no trace.
 */
export async function migrate(
  db: Database,
  sources: readonly { readonly name: string; readonly directory: string }[] = migrationSources,
): Promise<MigrateResult> {
  // One read on the common path (nothing to do), so a restart stays fast; only pending migrations take
  // the lock and re-check under it.
  const done = await appliedMigrations(db);
  if (done === undefined) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(`
        create schema if not exists local_stack;
        create table if not exists local_stack.migrations (
          source text not null,
          name text not null,
          applied_at timestamptz not null default now(),
          primary key (source, name)
        );
      `);
    });
  }

  const applied: string[] = [];
  for (const source of sources) {
    for (const name of await sqlFiles(source.directory)) {
      if (done?.has(`${source.name}/${name}`)) continue;
      const sql = await readFile(join(source.directory, name), 'utf8');
      const didApply = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        const already = await tx.query('select 1 from local_stack.migrations where source = $1 and name = $2', [
          source.name,
          name,
        ]);
        if (already.rows.length > 0) return false;
        try {
          await tx.exec(sql);
        } catch (error) {
          throw new Error(`Migration ${source.name}/${name} failed: ${errorMessage(error)}`, { cause: error });
        }
        await tx.query('insert into local_stack.migrations (source, name) values ($1, $2)', [source.name, name]);
        return true;
      });
      if (didApply) applied.push(`${source.name}/${name}`);
    }
  }
  return { applied };
}

/** "source/name" of every applied migration, or undefined before the bookkeeping table exists. */
async function appliedMigrations(db: Database): Promise<Set<string> | undefined> {
  const table = await db.query<{ exists: boolean }>(`select to_regclass('local_stack.migrations') is not null as exists`);
  if (table.rows[0]?.exists !== true) return undefined;
  const rows = await db.query<{ id: string }>(`select source || '/' || name as id from local_stack.migrations`);
  return new Set(rows.rows.map((row) => row.id));
}

async function sqlFiles(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  return names.filter((name) => name.endsWith('.sql')).sort();
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
