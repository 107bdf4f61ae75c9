import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { SPAWNED_STACK_TEST_TIMEOUT, spawnStackProcess } from './support/spawn-stack-process';
import { startTestServer } from './support/test-server';

const options = { auth: { persistSession: false, autoRefreshToken: false } };

async function signUpAndInsertProfile(url: string, anonKey: string, email: string, age: number): Promise<string> {
  const client = createClient(url, anonKey, options);
  const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
  expect(error).toBeNull();
  const id = data.user?.id ?? '';
  const insert = await client.from('profiles').insert({ user_id: id, age_in_years: age });
  expect(insert.status).toBe(201);
  return id;
}

describe('PGlite data survives', () => {
  it('a restart', async () => {
    const first = await startTestServer();
    const id = await signUpAndInsertProfile(first.url, first.apiKeys.anonKey, 'restart@example.com', 31);
    await first.close();

    const second = await startTestServer({ dataDir: first.dataDir });
    try {
      expect(second.appliedMigrations).toEqual([]);
      const rows = await second.db.query('select age_in_years from public.profiles where user_id = $1', [id]);
      expect(rows.rows).toEqual([{ age_in_years: 31 }]);
      const client = createClient(second.url, second.apiKeys.anonKey, options);
      const signIn = await client.auth.signInWithPassword({ email: 'restart@example.com', password: 'correct horse battery' });
      expect(signIn.error).toBeNull();
      expect((await client.from('profiles').select('age_in_years')).data).toEqual([{ age_in_years: 31 }]);
    } finally {
      await second.close();
    }
    // Two stack starts on one data directory: past the usual 30 s on two loaded cores.
  }, SPAWNED_STACK_TEST_TIMEOUT);

  it('kill -9 of the server process right after a committed write', async () => {
    // Prepare the data directory in-process (from the template: fast), then run the real entry point.
    const prepared = await startTestServer();
    await prepared.close();
    const stack = await spawnStackProcess(prepared.dataDir);
    try {
      const id = await signUpAndInsertProfile(`http://localhost:${stack.port}`, prepared.apiKeys.anonKey, 'kill9@example.com', 52);
      expect(await stack.killHard()).toBe('SIGKILL');

      const after = await startTestServer({ dataDir: prepared.dataDir });
      try {
        const rows = await after.db.query('select p.age_in_years, u.email from public.profiles p join auth.users u on u.id = p.user_id where p.user_id = $1', [id]);
        expect(rows.rows).toEqual([{ age_in_years: 52, email: 'kill9@example.com' }]);
      } finally {
        await after.close();
      }
    } finally {
      stack.stop();
    }
  }, SPAWNED_STACK_TEST_TIMEOUT);
});
