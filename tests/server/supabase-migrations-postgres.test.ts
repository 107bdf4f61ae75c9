import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster } from './support/postgres-cluster';
import type { PostgresCluster } from './support/postgres-cluster';

const migrationsDir = join(import.meta.dirname, '../../supabase/migrations');
const projectDatabase = readFileSync(join(import.meta.dirname, 'fixtures/supabase-project-database.sql'), 'utf8');

/** Whether a query fails with this SQLSTATE (42501: insufficient privilege / RLS). */
async function failsWith(query: Promise<unknown>, code: string): Promise<boolean> {
  try {
    await query;
    return false;
  } catch (error) {
    return error instanceof pg.DatabaseError && error.code === code;
  }
}

// `supabase db push` on a new project, without the local stack: supabase/migrations/*.sql, each in its
// own transaction, as Supabase's non-superuser `postgres` role, on a stock PostgreSQL that has only what
// a Supabase project has (fixtures/supabase-project-database.sql), none of server/db/platform-migrations.
describe('supabase/migrations on a stock PostgreSQL with Supabase\'s roles and schemas', () => {
  let cluster: PostgresCluster;
  let client: pg.Client;
  const applied: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    client = new pg.Client({ connectionString: await cluster.createDatabase('supabase_project') });
    await client.connect();
    await client.query(projectDatabase);
    await client.query('set session authorization project_postgres');
    for (const name of readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).sort()) {
      await client.query('begin');
      try {
        await client.query(readFileSync(join(migrationsDir, name), 'utf8'));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`supabase/migrations/${name} failed on the Supabase-shaped database: ${error instanceof Error ? error.message : String(error)}`);
      }
      applied.push(name);
    }
    await client.query('reset session authorization');
  });
  afterAll(async () => {
    await client.end();
    cluster.stop();
  });

  it('applies every migration, with no local-only schema around, and leaves every public table under row-level security', async () => {
    expect(applied.length).toBeGreaterThanOrEqual(4);
    const schemas = await client.query<{ present: boolean }>("select to_regnamespace('revenuecat') is not null or to_regnamespace('local_stack') is not null as present");
    expect(schemas.rows).toEqual([{ present: false }]);
    const tables = await client.query<{ table: string; rls: boolean; owner: string }>(
      "select c.relname as table, c.relrowsecurity as rls, pg_get_userbyid(c.relowner) as owner from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1",
    );
    // Every table a migration creates, and nothing else.
    const created = readdirSync(migrationsDir)
      .filter((file) => file.endsWith('.sql'))
      .flatMap((file) => [...readFileSync(join(migrationsDir, file), 'utf8').matchAll(/create table public\.(\w+)/gi)].map((match) => match[1]))
      .sort();
    expect(created).toEqual(expect.arrayContaining(['fx_rates', 'profiles', 'stripe_customers']));
    expect(tables.rows.map((row) => row.table)).toEqual(created);
    expect(tables.rows.every((row) => row.rls && row.owner === 'project_postgres')).toBe(true);
  });

  it('the policies work as PostgREST runs them: own rows only, public exchange rates, private payment tables', async () => {
    const alice = randomUUID();
    const bob = randomUUID();
    await client.query("insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'alice@example.com'), ($2, 'authenticated', 'authenticated', 'bob@example.com')", [alice, bob]);
    const as = async <T,>(role: 'anon' | 'authenticated', sub: string | undefined, run: () => Promise<T>): Promise<T> => {
      await client.query('begin');
      try {
        await client.query(`set local role ${role}`);
        await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(sub === undefined ? { role } : { role, sub })]);
        return await run();
      } finally {
        await client.query('rollback');
      }
    };
    expect(await as('authenticated', alice, () => client.query('insert into public.profiles (user_id, age_in_years) values ($1, 30) returning user_id', [alice]))).toMatchObject({ rowCount: 1 });
    expect(await as('authenticated', alice, () => failsWith(client.query('insert into public.profiles (user_id) values ($1)', [bob]), '42501'))).toBe(true);
    expect((await as('anon', undefined, () => client.query('select eur from public.fx_rates'))).rows).toEqual([{ eur: '1' }]);
    expect(await as('anon', undefined, () => failsWith(client.query('select * from public.stripe_customers'), '42501'))).toBe(true);
    expect(await as('authenticated', alice, () => failsWith(client.query('select * from public.stripe_webhook_events'), '42501'))).toBe(true);
    await client.query("insert into public.stripe_customers (user_id, customer_id) values ($1, 'cus_alice'), ($2, 'cus_bob')", [alice, bob]);
    expect((await as('authenticated', alice, () => client.query('select customer_id from public.stripe_customers'))).rows).toEqual([{ customer_id: 'cus_alice' }]);
  });
});
