import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster } from './support/postgres-cluster';
import type { PostgresCluster } from './support/postgres-cluster';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

/**
 * The Supabase-facing contract of the local stack's database side, driven by @supabase/supabase-js:
 * REST (PostgREST subset) with row-level security, functions and the RevenueCat emulator. The same
 * suite runs on embedded PGlite and on a real PostgreSQL server.
 */

interface Backend {
  readonly name: string;
  setUp(): Promise<TestServer>;
  tearDown(): Promise<void>;
}

let cluster: PostgresCluster | undefined;
const backends: Backend[] = [
  { name: 'PGlite', setUp: () => startTestServer(), tearDown: async () => undefined },
  {
    name: 'PostgreSQL',
    async setUp() {
      cluster = await startPostgresCluster();
      return startTestServer({ databaseUrl: await cluster.createDatabase('contract') });
    },
    async tearDown() {
      cluster?.stop();
    },
  },
];

const options = { auth: { persistSession: false, autoRefreshToken: false } };

for (const backend of backends) {
  describe(`database contract on ${backend.name}`, () => {
    let server: TestServer;
    let anon: SupabaseClient;
    let alice: SupabaseClient;
    let bob: SupabaseClient;
    let aliceId: string;
    let bobId: string;

    async function signUp(email: string): Promise<{ client: SupabaseClient; id: string }> {
      const client = createClient(server.url, server.apiKeys.anonKey, options);
      const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
      expect(error).toBeNull();
      const id = data.user?.id;
      if (id === undefined || data.session === null) throw new Error('sign-up returned no session');
      return { client, id };
    }

    beforeAll(async () => {
      server = await backend.setUp();
      anon = createClient(server.url, server.apiKeys.anonKey, options);
      ({ client: alice, id: aliceId } = await signUp('alice@example.com'));
      ({ client: bob, id: bobId } = await signUp('bob@example.com'));
      // Extra exchange-rate rows for filters and ordering (as the server's own connection: no API role
      // may write fx_rates).
      await server.db.query(
        `insert into public.fx_rates (created_at, usd, gbp, jpy) values
           ('2020-01-01T00:00:00Z', 1.10, 0.90, null), ('2021-01-01T00:00:00Z', 1.20, 0.80, 150)`,
      );
    });

    afterAll(async () => {
      await server.close();
      await backend.tearDown();
    });

    it('reads the latest exchange rate as the app does, anonymously', async () => {
      const { data, error, status } = await anon.from('fx_rates').select('*').order('created_at', { ascending: false }).limit(1);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toHaveLength(1);
      expect(data?.[0]).toMatchObject({ eur: 1, usd: 1.085, gbp: 0.845, try: 37.2 });
      const latest: object = data?.[0] ?? {};
      expect(Object.keys(latest).length).toBeGreaterThan(20);
    });

    it('supports select lists, aliases, filters, order, offset and exact counts', async () => {
      const ordered = await anon.from('fx_rates').select('usd, pound:gbp').order('usd', { ascending: true });
      expect(ordered.data).toEqual([
        { usd: 1.085, pound: 0.845 },
        { usd: 1.1, pound: 0.9 },
        { usd: 1.2, pound: 0.8 },
      ]);
      expect((await anon.from('fx_rates').select('usd').gt('usd', 1.09).lt('usd', 1.15)).data).toEqual([{ usd: 1.1 }]);
      expect((await anon.from('fx_rates').select('usd').gte('usd', 1.1).lte('usd', 1.2).order('usd')).data).toEqual([{ usd: 1.1 }, { usd: 1.2 }]);
      expect((await anon.from('fx_rates').select('usd').eq('gbp', 0.8)).data).toEqual([{ usd: 1.2 }]);
      expect((await anon.from('fx_rates').select('usd').neq('gbp', 0.8).order('usd')).data).toEqual([{ usd: 1.085 }, { usd: 1.1 }]);
      expect((await anon.from('fx_rates').select('usd').in('gbp', [0.8, 0.9]).order('usd', { ascending: false })).data).toEqual([{ usd: 1.2 }, { usd: 1.1 }]);
      expect((await anon.from('fx_rates').select('usd').is('jpy', null)).data).toEqual([{ usd: 1.1 }]);
      const nullsFirst = await anon.from('fx_rates').select('jpy').order('jpy', { ascending: true, nullsFirst: true }).limit(1);
      expect(nullsFirst.data).toEqual([{ jpy: null }]);
      const page = await anon.from('fx_rates').select('usd', { count: 'exact' }).order('usd').range(1, 1);
      expect(page.data).toEqual([{ usd: 1.1 }]);
      expect(page.count).toBe(3);
      const multi = await anon.from('fx_rates').select('usd').order('eur').order('usd', { ascending: false });
      expect(multi.data).toEqual([{ usd: 1.2 }, { usd: 1.1 }, { usd: 1.085 }]);
    });

    it('answers Content-Range like PostgREST', async () => {
      const response = await fetch(`${server.url}/rest/v1/fx_rates?select=usd&order=usd&offset=1&limit=2`, {
        headers: { apikey: server.apiKeys.anonKey, Prefer: 'count=exact' },
      });
      expect(response.headers.get('content-range')).toBe('1-2/3');
      const empty = await fetch(`${server.url}/rest/v1/fx_rates?select=usd&usd=gt.100`, { headers: { apikey: server.apiKeys.anonKey } });
      expect(empty.headers.get('content-range')).toBe('*/*');
      expect(await empty.json()).toEqual([]);
    });

    it('inserts a profile with .select().single() and returns the row (201)', async () => {
      const { data, error, status } = await alice
        .from('profiles')
        .insert({ user_id: aliceId, age_in_years: 34, height_in_cm: 170.5, is_female: true, is_using_metric: true, weight_in_kg: 70, goal_weight_in_kg: 64, primary_nutrition_goal: 'balanced' })
        .select()
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toMatchObject({ user_id: aliceId, age_in_years: 34, height_in_cm: 170.5, is_female: true, goal_weight_in_kg: 64 });
      expect(data).toHaveProperty('id', expect.any(String));
    });

    it('answers 409 with 23505 for a second profile of the same user', async () => {
      const { error, status } = await alice.from('profiles').insert({ user_id: aliceId });
      expect(status).toBe(409);
      expect(error).toMatchObject({ code: '23505' });
      expect(error?.message).toContain('duplicate key value violates unique constraint');
    });

    it('denies an anonymous insert with 401 and a foreign insert with 403 (RLS, 42501)', async () => {
      const anonymous = await anon.from('profiles').insert({ user_id: bobId });
      expect(anonymous.status).toBe(401);
      expect(anonymous.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "profiles"' });
      const foreign = await alice.from('profiles').insert({ user_id: bobId });
      expect(foreign.status).toBe(403);
      expect(foreign.error).toMatchObject({ code: '42501' });
      const rows = await server.db.query('select 1 from public.profiles where user_id = $1', [bobId]);
      expect(rows.rows).toHaveLength(0);
    });

    it('conversion marks: one CompleteRegistration per user (409 23505 after), own rows only', async () => {
      const first = await alice.from('conversion_marks').insert({ user_id: aliceId, event_name: 'CompleteRegistration' });
      expect(first).toMatchObject({ error: null, status: 201 });
      const again = await alice.from('conversion_marks').insert({ user_id: aliceId, event_name: 'CompleteRegistration' });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('23505');
      const foreign = await alice.from('conversion_marks').insert({ user_id: bobId, event_name: 'CompleteRegistration' });
      expect(foreign.error?.code).toBe('42501');
      const anonymous = await anon.from('conversion_marks').insert({ user_id: bobId, event_name: 'CompleteRegistration' });
      expect(anonymous.error).not.toBeNull();
      // Only the conversions that more than one page can complete have a mark.
      const otherEvent = await bob.from('conversion_marks').insert({ user_id: bobId, event_name: 'Purchase' });
      expect(otherEvent.error?.code).toBe('23514');
      expect((await bob.from('conversion_marks').select('user_id')).data).toEqual([]);
      expect((await alice.from('conversion_marks').select('user_id, event_name')).data).toEqual([{ user_id: aliceId, event_name: 'CompleteRegistration' }]);
    });

    it('lets each user read only their own profile, and anonymous nobody', async () => {
      await bob.from('profiles').insert({ user_id: bobId, age_in_years: 40 });
      const asAlice = await alice.from('profiles').select('user_id, age_in_years');
      expect(asAlice.data).toEqual([{ user_id: aliceId, age_in_years: 34 }]);
      const asBob = await bob.from('profiles').select('user_id');
      expect(asBob.data).toEqual([{ user_id: bobId }]);
      const asAnon = await anon.from('profiles').select('*');
      expect(asAnon.error).toBeNull();
      expect(asAnon.data).toEqual([]);
      const aliceLooksForBob = await alice.from('profiles').select('*').eq('user_id', bobId);
      expect(aliceLooksForBob.data).toEqual([]);
    });

    it('answers 406 PGRST116 when .single() does not get exactly one row', async () => {
      const { error, status } = await anon.from('fx_rates').select('usd').gt('usd', 100).single();
      expect(status).toBe(406);
      expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
      const many = await anon.from('fx_rates').select('usd').single();
      expect(many.status).toBe(406);
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    });

    it('answers PostgREST errors for malformed JSON, a bad JWT and unknown names', async () => {
      const headers = { apikey: server.apiKeys.anonKey, Authorization: `Bearer ${server.apiKeys.anonKey}`, 'Content-Type': 'application/json' };
      const malformed = await fetch(`${server.url}/rest/v1/profiles`, { method: 'POST', headers, body: '{"user_id": ' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });

      const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
      const badJwt = await fetch(`${server.url}/rest/v1/fx_rates`, { headers: { apikey: server.apiKeys.anonKey, Authorization: `Bearer ${forged}` } });
      expect(badJwt.status).toBe(401);
      expect(await badJwt.json()).toMatchObject({ code: 'PGRST301' });

      const table = await anon.from('no_such_table').select('*');
      expect(table.status).toBe(404);
      expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.no_such_table' in the schema cache" });
      const column = await anon.from('fx_rates').select('no_such_column');
      expect(column.status).toBe(400);
      expect(column.error).toMatchObject({ code: '42703', message: 'column fx_rates.no_such_column does not exist' });
      const filterColumn = await anon.from('fx_rates').select('usd').eq('nope', 1);
      expect(filterColumn.error).toMatchObject({ code: '42703' });
      const insertColumn = await alice.from('profiles').insert({ user_id: aliceId, nope: 1 });
      expect(insertColumn.status).toBe(400);
      expect(insertColumn.error).toMatchObject({ code: 'PGRST204' });
      const badValue = await alice.from('profiles').select('*').eq('user_id', 'not-a-uuid');
      expect(badValue.status).toBe(400);
      expect(badValue.error).toMatchObject({ code: '22P02' });
    });

    it('never exposes the auth or revenuecat schemas, nor tables outside the list', async () => {
      const authUsers = await anon.schema('auth').from('users').select('*');
      expect(authUsers.status).toBe(406);
      expect(authUsers.error).toMatchObject({ code: 'PGRST106' });
      const serviceRole = createClient(server.url, server.apiKeys.serviceRoleKey, options);
      const asService = await serviceRole.schema('revenuecat').from('subscribers').select('*');
      expect(asService.error).toMatchObject({ code: 'PGRST106' });
      for (const name of ['users', 'refresh_tokens', 'subscribers', 'migrations', 'pg_roles']) {
        const result = await serviceRole.from(name).select('*');
        expect(result.status, name).toBe(404);
      }
      // The service role bypasses RLS (Supabase's behaviour) on the exposed tables.
      const all = await serviceRole.from('profiles').select('user_id').order('age_in_years');
      expect(all.data).toEqual([{ user_id: aliceId }, { user_id: bobId }]);
    });

    it('keeps SQL out of identifiers and values', async () => {
      const attempts = [
        'select=usd;drop table public.profiles',
        'select=usd,"eur;drop table public.profiles--"',
        'select=usd&order=usd;drop table public.profiles',
        'select=usd&usd=eq.1);drop table public.profiles;--',
        'select=usd&gbp=in.(1,2);drop table public.profiles',
        `select=usd&${encodeURIComponent('usd"=1 or 1=1;--')}=eq.1`,
        'select=usd&gbp=is.null;drop table public.profiles',
      ];
      for (const query of attempts) {
        const response = await fetch(`${server.url}/rest/v1/fx_rates?${query}`, { headers: { apikey: server.apiKeys.anonKey } });
        expect(response.status, query).toBeGreaterThanOrEqual(400);
        expect(response.status, query).toBeLessThan(500);
        const body: unknown = await response.json();
        expect(body, query).toHaveProperty('code');
      }
      const likeValue = await anon.from('fx_rates').select('usd').eq('usd', "1' or '1'='1");
      expect(likeValue.status).toBe(400);
      expect((await server.db.query('select count(*)::int as n from public.profiles')).rows).toEqual([{ n: 2 }]);
    });

    it('runs functions only with a valid user JWT', async () => {
      const url = `${server.url}/functions/v1/set-revenuecat-customer-email`;
      const none = await fetch(url, { method: 'POST' });
      expect(none.status).toBe(401);
      const bad = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer not.a.jwt' } });
      expect(bad.status).toBe(401);
      const anonKey = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${server.apiKeys.anonKey}` } });
      expect(anonKey.status).toBe(401);
      const missing = await alice.functions.invoke('no-such-function');
      expect(missing.error).not.toBeNull();
    });

    it('set-revenuecat-customer-email stores $email on the user\'s RevenueCat customer', async () => {
      const { data, error } = await alice.functions.invoke('set-revenuecat-customer-email', { body: {} });
      expect(error).toBeNull();
      expect(data).toEqual({ app_user_id: aliceId, email: 'alice@example.com' });
      const response = await fetch(`${server.url}/revenuecat/v1/subscribers/${encodeURIComponent(aliceId)}`, {
        headers: { Authorization: `Bearer ${server.config.revenueCatSecretKey}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { subscriber: { subscriber_attributes: Record<string, { value: string }> } };
      expect(body.subscriber.subscriber_attributes.$email?.value).toBe('alice@example.com');
    });
  });
}
