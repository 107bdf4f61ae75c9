import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startAuthTestServer } from './fixtures/start-auth-test-server';
import type { AuthTestServer } from './fixtures/start-auth-test-server';
import { startPostgresCluster } from './support/postgres-cluster';
import type { PostgresCluster } from './support/postgres-cluster';

// Contract tests: the unmodified supabase-js client against the local auth routes over real HTTP, on
// embedded PGlite and on a real PostgreSQL server (skipped, and said so, where none can be started).


let cluster: PostgresCluster | undefined;
const backends = [
  { name: 'PGlite', databaseUrl: async (): Promise<string | undefined> => undefined },
  {
    name: 'PostgreSQL',
    async databaseUrl(): Promise<string | undefined> {
      cluster = await startPostgresCluster();
      return cluster.createDatabase('auth_flows');
    },
  },
];

let server: AuthTestServer;
let emailCounter = 0;

function newEmail(): string {
  emailCounter += 1;
  return `flow-${emailCounter}-${Date.now()}@example.com`;
}

const PASSWORD = 'correct horse battery';

async function signedUpUser(data: Record<string, unknown> = {}) {
  const email = newEmail();
  const { data: result, error } = await server.client().auth.signUp({ email, password: PASSWORD, options: { data } });
  expect(error).toBeNull();
  return { email, session: result.session, user: result.user };
}

async function signIn(email: string, password = PASSWORD) {
  const client = server.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  if (data.session === null) throw new Error('sign-in returned no session');
  return { client, session: data.session };
}

async function rawRefresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: response.status, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
}

async function rawGetUser(accessToken: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/auth/v1/user`, {
    headers: { apikey: server.anonKey, authorization: `Bearer ${accessToken}`, 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: response.status, body: z.record(z.string(), z.unknown()).parse(await response.json()) };
}

const mailListSchema = z.object({
  total: z.number(),
  count: z.number(),
  messages: z.array(
    z.object({
      ID: z.string(),
      From: z.object({ Name: z.string(), Address: z.string() }),
      To: z.array(z.object({ Name: z.string(), Address: z.string() })),
      Subject: z.string(),
      Created: z.string(),
      Snippet: z.string(),
    }),
  ),
});
const mailSchema = z.object({ ID: z.string(), Subject: z.string(), Text: z.string(), HTML: z.string(), Date: z.string() });

async function recoveryLinkFor(email: string): Promise<string> {
  const list = mailListSchema.parse(
    await (await fetch(`${server.url}/_dev/mail/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json(),
  );
  const summary = list.messages[0];
  if (summary === undefined) throw new Error(`no mail for ${email}`);
  expect(summary.Subject).toBe('Reset Your Password');
  const mail = mailSchema.parse(await (await fetch(`${server.url}/_dev/mail/api/v1/message/${summary.ID}`)).json());
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  if (link === undefined) throw new Error('no verify link in the mail');
  expect(mail.HTML).toContain(link.replaceAll('&', '&amp;'));
  return link;
}

function fragmentOf(location: string | null): URLSearchParams {
  if (location === null) throw new Error('no Location header');
  return new URLSearchParams(location.slice(location.indexOf('#') + 1));
}

for (const backend of backends) {
  describe(`auth flows on ${backend.name}`, () => {
    beforeAll(async () => {
      const databaseUrl = await backend.databaseUrl();
      server = await startAuthTestServer(databaseUrl === undefined ? {} : { databaseUrl });
    });

    afterAll(async () => {
      await server.close();
      cluster?.stop();
    });

    describe('sign up and sign in', () => {
      it('signs up with auto-confirm, returns a session and keeps the metadata', async () => {
        const { email, session, user } = await signedUpUser({ name: 'Ada', goal: { kg: 60 } });
        expect(session).not.toBeNull();
        expect(user?.email).toBe(email);
        expect(user?.email_confirmed_at).toEqual(expect.any(String));
        expect(user?.user_metadata).toMatchObject({ name: 'Ada', goal: { kg: 60 }, email, email_verified: true });
        expect(user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
        expect(user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: user?.id });
        expect(session?.token_type).toBe('bearer');
        expect(session?.expires_in).toBe(3600);
      });

      it('issues an HS256 access token with exactly the claims GoTrue issues', async () => {
        const { email, session, user } = await signedUpUser({ plan: 'yearly' });
        if (session === null || user === null) throw new Error('no session');
        expect(decodeProtectedHeader(session.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' });
        const claims = decodeJwt(session.access_token);
        expect(Object.keys(claims).sort()).toEqual(
          [
            'aal',
            'amr',
            'app_metadata',
            'aud',
            'email',
            'exp',
            'iat',
            'is_anonymous',
            'iss',
            'phone',
            'role',
            'session_id',
            'sub',
            'user_metadata',
          ].sort(),
        );
        expect(claims).toMatchObject({
          sub: user.id,
          aud: 'authenticated',
          role: 'authenticated',
          iss: `${server.url}/auth/v1`,
          email,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: expect.objectContaining({ plan: 'yearly' }),
          aal: 'aal1',
          amr: [{ method: 'password', timestamp: expect.any(Number) }],
          session_id: expect.any(String),
          is_anonymous: false,
        });
        expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
        expect(session.expires_at).toBe(claims.exp);
      });

      it('signs in with the password and reads the user back', async () => {
        const { email, user } = await signedUpUser();
        const { client, session } = await signIn(email.toUpperCase());
        expect(session.user.id).toBe(user?.id);
        expect(session.user.last_sign_in_at).toEqual(expect.any(String));
        const { data, error } = await client.auth.getUser();
        expect(error).toBeNull();
        expect(data.user?.id).toBe(user?.id);
        expect(data.user?.email).toBe(email);
      });

      it('rejects a second sign-up for the same address', async () => {
        const { email } = await signedUpUser();
        const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
        expect(error?.status).toBe(422);
        expect(error?.code).toBe('user_already_exists');
        expect(error?.message).toBe('User already registered');
      });
    });

    describe('refresh tokens', () => {
      it('rotates the refresh token on every refresh', async () => {
        const { email } = await signedUpUser();
        const { client, session } = await signIn(email);
        const { data, error } = await client.auth.refreshSession();
        expect(error).toBeNull();
        expect(data.session?.refresh_token).toEqual(expect.any(String));
        expect(data.session?.refresh_token).not.toBe(session.refresh_token);
        // Same session; the access token may be byte-identical within one second, as GoTrue's would be.
        expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(decodeJwt(session.access_token).session_id);
        const again = await client.auth.refreshSession();
        expect(again.error).toBeNull();
        expect(again.data.session?.refresh_token).not.toBe(data.session?.refresh_token);
      });

      it('hands back the active token when the client lost the answer to its last refresh (GoTrue rule)', async () => {
        const { email } = await signedUpUser();
        const { session } = await signIn(email);
        const first = await rawRefresh(session.refresh_token);
        expect(first.status).toBe(200);
        server.advanceClock(3600);
        const retried = await rawRefresh(session.refresh_token);
        expect(retried.status).toBe(200);
        expect(retried.body.refresh_token).toBe(first.body.refresh_token);
      });

      it('serialises concurrent refreshes of one token: both succeed and agree on the new token', async () => {
        const { email } = await signedUpUser();
        const { session } = await signIn(email);
        const [first, second] = await Promise.all([rawRefresh(session.refresh_token), rawRefresh(session.refresh_token)]);
        expect(first.status).toBe(200);
        expect(second.status).toBe(200);
        expect(second.body.refresh_token).toBe(first.body.refresh_token);
      });

      it('accepts an older token inside the reuse interval and revokes the family after it', async () => {
        const { email } = await signedUpUser();
        const { session } = await signIn(email);
        const a = session.refresh_token;
        const b = await rawRefresh(a);
        const c = await rawRefresh(String(b.body.refresh_token));
        expect(c.status).toBe(200);

        // Within 10 s of A's rotation, A is forgiven (concurrent refreshes) and yields a new token D.
        server.advanceClock(5);
        const d = await rawRefresh(a);
        expect(d.status).toBe(200);
        expect([a, b.body.refresh_token, c.body.refresh_token]).not.toContain(d.body.refresh_token);

        // After the interval, B (neither forgiven case applies) is reuse of a leaked token: refused, and
        // the whole family is revoked.
        server.advanceClock(10);
        const reused = await rawRefresh(String(b.body.refresh_token));
        expect(reused.status).toBe(400);
        expect(reused.body).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

        for (const member of [c.body.refresh_token, d.body.refresh_token, a]) {
          const attempt = await rawRefresh(String(member));
          expect(attempt.status).toBe(400);
          expect(attempt.body.code).toBe('refresh_token_not_found');
        }
        const viaAccessToken = await rawGetUser(String(c.body.access_token));
        expect(viaAccessToken.status).toBe(403);
        expect(viaAccessToken.body.code).toBe('session_not_found');
      });

      it('refuses reuse through supabase-js with refresh_token_already_used', async () => {
        const { email } = await signedUpUser();
        const { session } = await signIn(email);
        const b = await rawRefresh(session.refresh_token);
        await rawRefresh(String(b.body.refresh_token));
        server.advanceClock(11);
        const { error } = await server.client().auth.refreshSession({ refresh_token: session.refresh_token });
        expect(error?.status).toBe(400);
        expect(error?.code).toBe('refresh_token_already_used');
      });
    });

    describe('logout scopes', () => {
      it('others ends every session but the caller, local ends only the caller', async () => {
        const { email } = await signedUpUser();
        const one = await signIn(email);
        const two = await signIn(email);
        const three = await signIn(email);

        const others = await one.client.auth.signOut({ scope: 'others' });
        expect(others.error).toBeNull();
        expect((await rawGetUser(two.session.access_token)).body.code).toBe('session_not_found');
        expect((await rawRefresh(three.session.refresh_token)).body.code).toBe('refresh_token_not_found');
        expect((await rawGetUser(one.session.access_token)).status).toBe(200);

        const local = await one.client.auth.signOut({ scope: 'local' });
        expect(local.error).toBeNull();
        const after = await rawGetUser(one.session.access_token);
        expect(after.status).toBe(403);
        expect(after.body).toEqual({
          code: 'session_not_found',
          message: 'Session from session_id claim in JWT does not exist',
        });
      });

      it('global ends every session of the user', async () => {
        const { email } = await signedUpUser();
        const one = await signIn(email);
        const two = await signIn(email);
        const response = await fetch(`${server.url}/auth/v1/logout?scope=global`, {
          method: 'POST',
          headers: { apikey: server.anonKey, authorization: `Bearer ${one.session.access_token}` },
        });
        expect(response.status).toBe(204);
        expect((await rawGetUser(one.session.access_token)).status).toBe(403);
        expect((await rawGetUser(two.session.access_token)).status).toBe(403);
        expect((await rawRefresh(two.session.refresh_token)).status).toBe(400);
      });
    });

    describe('password recovery', () => {
      it('mails a link that lands on the reset page with a recovery session, then the password changes', async () => {
        const { email } = await signedUpUser();
        const resetPage = `${server.url}/account/reset-password`;
        const { error } = await server.client().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
        expect(error).toBeNull();

        const link = await recoveryLinkFor(email);
        expect(link.startsWith(`${server.url}/auth/v1/verify?`)).toBe(true);
        expect(new URL(link).searchParams.get('type')).toBe('recovery');
        expect(new URL(link).searchParams.get('redirect_to')).toBe(resetPage);

        const landing = await fetch(link, { redirect: 'manual' });
        expect(landing.status).toBe(303);
        const location = landing.headers.get('location');
        expect(location?.startsWith(`${resetPage}#`)).toBe(true);
        const fragment = fragmentOf(location);
        expect(fragment.get('type')).toBe('recovery');
        expect(fragment.get('token_type')).toBe('bearer');
        expect(fragment.get('expires_in')).toBe('3600');
        expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
        const accessToken = fragment.get('access_token') ?? '';
        const refreshToken = fragment.get('refresh_token') ?? '';
        expect(decodeJwt(accessToken).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

        const client = server.client();
        const restored = await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
        expect(restored.error).toBeNull();
        expect(restored.data.user?.email).toBe(email);

        const same = await client.auth.updateUser({ password: PASSWORD });
        expect(same.error?.status).toBe(422);
        expect(same.error?.code).toBe('same_password');
        expect(same.error?.message).toBe('New password should be different from the old password.');

        const updated = await client.auth.updateUser({ password: 'a brand new password' });
        expect(updated.error).toBeNull();
        expect(updated.data.user?.email).toBe(email);

        await signIn(email, 'a brand new password');
        const old = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
        expect(old.error?.code).toBe('invalid_credentials');

        // The link is single-use.
        const again = await fetch(link, { redirect: 'manual' });
        expect(again.status).toBe(303);
        const failure = fragmentOf(again.headers.get('location'));
        expect(again.headers.get('location')?.startsWith(`${resetPage}#`)).toBe(true);
        expect(Object.fromEntries(failure)).toEqual({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        });
      });

      it('answers {} for an unknown address and sends nothing', async () => {
        const email = newEmail();
        const response = await fetch(`${server.url}/auth/v1/recover`, {
          method: 'POST',
          headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
          body: JSON.stringify({ email }),
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({});
        const list = mailListSchema.parse(
          await (await fetch(`${server.url}/_dev/mail/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json(),
        );
        expect(list.total).toBe(0);
      });

      it('sends a link to a foreign redirect_to back to the site instead', async () => {
        const { email } = await signedUpUser();
        await server.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
        const link = await recoveryLinkFor(email);
        expect(new URL(link).searchParams.get('redirect_to')).toBe(server.url);
        const evilLink = new URL(link);
        evilLink.searchParams.set('redirect_to', 'https://evil.example/steal');
        const landing = await fetch(evilLink, { redirect: 'manual' });
        expect(landing.headers.get('location')?.startsWith(`${server.url}#access_token=`)).toBe(true);
      });

      it('refuses a second recovery e-mail inside the send interval', async () => {
        const { email } = await signedUpUser();
        expect((await server.client().auth.resetPasswordForEmail(email)).error).toBeNull();
        const { error } = await server.client().auth.resetPasswordForEmail(email);
        expect(error?.status).toBe(429);
        expect(error?.code).toBe('over_email_send_rate_limit');
        expect(error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
      });
    });

    describe('user updates', () => {
      it('merges user metadata and removes keys set to null', async () => {
        const { email } = await signedUpUser({ keep: 1, drop: 2 });
        const { client } = await signIn(email);
        const { data, error } = await client.auth.updateUser({ data: { drop: null, added: 'yes' } });
        expect(error).toBeNull();
        expect(data.user?.user_metadata).toMatchObject({ keep: 1, added: 'yes' });
        expect(data.user?.user_metadata).not.toHaveProperty('drop');
        const reread = await client.auth.getUser();
        expect(reread.data.user?.user_metadata).toMatchObject({ keep: 1, added: 'yes' });
      });

      it('changes the e-mail at once under auto-confirm', async () => {
        const { email } = await signedUpUser();
        const { client } = await signIn(email);
        const next = newEmail();
        const { data, error } = await client.auth.updateUser({ email: next });
        expect(error).toBeNull();
        expect(data.user?.email).toBe(next);
        await signIn(next);
      });

      it('signs out the other sessions when the password changes', async () => {
        const { email } = await signedUpUser();
        const one = await signIn(email);
        const two = await signIn(email);
        const { error } = await one.client.auth.updateUser({ password: 'another password 1' });
        expect(error).toBeNull();
        expect((await rawGetUser(one.session.access_token)).status).toBe(200);
        expect((await rawGetUser(two.session.access_token)).body.code).toBe('session_not_found');
      });
    });

    describe('mailbox page', () => {
      it('lists messages for people with links to each message', async () => {
        const { email } = await signedUpUser();
        await server.client().auth.resetPasswordForEmail(email);
        const page = await (await fetch(`${server.url}/_dev/mail`)).text();
        expect(page).toContain('Reset Your Password');
        expect(page).toContain(email);
        const messageHref = /href="(\/_dev\/mail\/messages\/[^"]+)"/.exec(page)?.[1];
        expect(messageHref).toBeDefined();
        const message = await (await fetch(`${server.url}${messageHref ?? ''}`)).text();
        expect(message).toContain(`<a href="${server.url}/auth/v1/verify?token=`);
        expect(message).toMatch(/type=recovery/);
      });
    });
  });
}
