import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS } from '../../server/auth/create-auth-routes';
import { startAuthTestServer } from './fixtures/start-auth-test-server';
import type { AuthTestServer } from './fixtures/start-auth-test-server';

// Every error row of WIRE.md's GoTrue table, checked on the wire: status, body code and message, the
// x-sb-error-code header and the echoed x-supabase-api-version. fetch is used where supabase-js would
// hide a detail.

const VERSION = '2024-01-01';
const PASSWORD = 'a good password';

interface CallOptions {
  readonly body?: unknown;
  readonly rawBody?: BodyInit;
  readonly token?: string;
  readonly ip?: string;
  /** The API version header; `null` sends none (GoTrue's initial error shape). */
  readonly version?: string | null;
}

interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

const jsonObject = z.record(z.string(), z.unknown());

function caller(server: () => AuthTestServer) {
  return async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { apikey: server().anonKey };
    if (options.version !== null) headers['x-supabase-api-version'] = options.version ?? VERSION;
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.ip !== undefined) headers['x-forwarded-for'] = options.ip;
    let body: BodyInit | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${server().url}/auth/v1${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? {} : jsonObject.parse(JSON.parse(text)) };
  };
}

function expectAuthError(result: CallResult, status: number, code: string, message?: string | RegExp): void {
  expect(result.status).toBe(status);
  expect(result.body.code).toBe(code);
  expect(result.headers.get('x-sb-error-code')).toBe(code);
  expect(result.headers.get('x-supabase-api-version')).toBe(VERSION);
  if (typeof message === 'string') expect(result.body.message).toBe(message);
  else if (message !== undefined) expect(String(result.body.message)).toMatch(message);
  else expect(result.body.message).toEqual(expect.any(String));
}

let server: AuthTestServer;
const call = caller(() => server);
let counter = 0;
function newEmail(): string {
  counter += 1;
  return `errors-${counter}-${Date.now()}@example.com`;
}

async function signUp(email = newEmail()) {
  const result = await call('POST', '/signup', { body: { email, password: PASSWORD } });
  expect(result.status).toBe(200);
  return { email, accessToken: String(result.body.access_token), refreshToken: String(result.body.refresh_token) };
}

beforeAll(async () => {
  // WIRE.md's default limits, keyed on x-forwarded-for (AUTH_RATE_LIMIT_HEADER, as a deployment behind a
  // proxy sets it) so each test can act as its own client.
  server = await startAuthTestServer({ env: { AUTH_RATE_LIMIT_HEADER: 'X-Forwarded-For' }, rateLimits: DEFAULT_RATE_LIMITS });
});

afterAll(async () => {
  await server.close();
});

describe('WIRE.md error table', () => {
  it('password too short: 422 weak_password with reasons', async () => {
    const result = await call('POST', '/signup', { body: { email: newEmail(), password: '12345' } });
    expectAuthError(result, 422, 'weak_password', 'Password should be at least 6 characters.');
    expect(result.body.weak_password).toEqual({ reasons: ['length'] });
  });

  it('weak password reaches supabase-js as AuthWeakPasswordError', async () => {
    const { error } = await server.client().auth.signUp({ email: newEmail(), password: 'short' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(error?.code).toBe('weak_password');
    expect(error && 'reasons' in error ? error.reasons : undefined).toEqual(['length']);
  });

  it('password over 72 bytes: 400 validation_failed (bytes, not characters)', async () => {
    const long = await call('POST', '/signup', { body: { email: newEmail(), password: 'x'.repeat(73) } });
    expectAuthError(long, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
    const multiByte = await call('POST', '/signup', { body: { email: newEmail(), password: 'é'.repeat(37) } });
    expectAuthError(multiByte, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
    const exactly72 = await call('POST', '/signup', { body: { email: newEmail(), password: 'x'.repeat(72) } });
    expect(exactly72.status).toBe(200);
  });

  it('e-mail already registered: 422 user_already_exists', async () => {
    const { email } = await signUp();
    const again = await call('POST', '/signup', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expectAuthError(again, 422, 'user_already_exists', 'User already registered');
  });

  it('concurrent sign-ups for one address: exactly one wins', async () => {
    const email = newEmail();
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/signup', { body: { email, password: PASSWORD } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    for (const loser of results.filter((r) => r.status === 422)) expectAuthError(loser, 422, 'user_already_exists');
  });

  it('wrong password and unknown e-mail: the same 400 invalid_credentials, byte for byte', async () => {
    const { email } = await signUp();
    const wrong = await call('POST', '/token?grant_type=password', { body: { email, password: 'not the password' } });
    const unknown = await call('POST', '/token?grant_type=password', { body: { email: newEmail(), password: PASSWORD } });
    expectAuthError(wrong, 400, 'invalid_credentials', 'Invalid login credentials');
    expectAuthError(unknown, 400, 'invalid_credentials', 'Invalid login credentials');
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('new password equals old: 422 same_password', async () => {
    const { accessToken } = await signUp();
    const result = await call('PUT', '/user', { token: accessToken, body: { password: PASSWORD } });
    expectAuthError(result, 422, 'same_password', 'New password should be different from the old password.');
  });

  it('unknown refresh token: 400 refresh_token_not_found', async () => {
    const result = await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'never-issued' } });
    expectAuthError(result, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  });

  it('reused rotated refresh token: 400 refresh_token_already_used, family revoked', async () => {
    const { refreshToken: a } = await signUp();
    const b = await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: a } });
    const c = await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: b.body.refresh_token } });
    expect(c.status).toBe(200);
    server.advanceClock(11);
    const reused = await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: a } });
    expectAuthError(reused, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    const newest = await call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: c.body.refresh_token } });
    expectAuthError(newest, 400, 'refresh_token_not_found');
  });

  it('no bearer token: 401 no_authorization', async () => {
    expectAuthError(await call('GET', '/user'), 401, 'no_authorization', 'This endpoint requires a Bearer token');
    expectAuthError(await call('PUT', '/user', { body: {} }), 401, 'no_authorization');
    expectAuthError(await call('POST', '/logout'), 401, 'no_authorization');
  });

  it('bad JWT: 403 bad_jwt for garbage, a foreign signature, an expired token and a key without a user', async () => {
    const prefix = /^invalid JWT: unable to parse or verify signature, /;
    expectAuthError(await call('GET', '/user', { token: 'not.a.jwt' }), 403, 'bad_jwt', prefix);

    const { accessToken } = await signUp();
    const [header = '', payload = ''] = accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expectAuthError(await call('GET', '/user', { token: forged }), 403, 'bad_jwt', /signature is invalid$/);

    const foreign = await new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-that-is-at-least-32-characters'));
    expectAuthError(await call('GET', '/user', { token: foreign }), 403, 'bad_jwt', prefix);

    const expired = await new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(server.config.jwtSecret));
    expectAuthError(await call('GET', '/user', { token: expired }), 403, 'bad_jwt', /token is expired$/);

    expectAuthError(
      await call('GET', '/user', { token: server.anonKey }),
      403,
      'bad_jwt',
      'invalid claim: missing sub claim',
    );
  });

  it('session gone after logout: 403 session_not_found', async () => {
    const { accessToken } = await signUp();
    const logout = await call('POST', '/logout?scope=local', { token: accessToken });
    expect(logout.status).toBe(204);
    const result = await call('GET', '/user', { token: accessToken });
    expectAuthError(result, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    expectAuthError(await call('POST', '/logout', { token: accessToken }), 403, 'session_not_found');
  });

  it('malformed JSON: 400 bad_json', async () => {
    const prefix = /^Could not parse request body as JSON: /;
    expectAuthError(await call('POST', '/signup', { rawBody: '{"email": ' }), 400, 'bad_json', prefix);
    expectAuthError(await call('POST', '/token?grant_type=password', { rawBody: 'nope' }), 400, 'bad_json', prefix);
    expectAuthError(await call('POST', '/recover', { rawBody: '' }), 400, 'bad_json', prefix);
    expectAuthError(await call('POST', '/signup', { body: { email: 42, password: PASSWORD } }), 400, 'bad_json', prefix);
    expectAuthError(await call('POST', '/signup', { body: [1, 2] }), 400, 'bad_json', prefix);
  });

  it('body over 1 MiB: 413 request_entity_too_large, with or without a content-length', async () => {
    const big = JSON.stringify({ email: newEmail(), password: PASSWORD, data: { pad: 'x'.repeat(1024 * 1024) } });
    expectAuthError(await call('POST', '/signup', { rawBody: big }), 413, 'request_entity_too_large');

    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    // A streamed body has no content-length, so the limit must be enforced while reading.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'x-supabase-api-version': VERSION, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    };
    const response = await fetch(`${server.url}/auth/v1/signup`, init);
    expect(response.status).toBe(413);
    expect(response.headers.get('x-sb-error-code')).toBe('request_entity_too_large');

    const justUnder = JSON.stringify({ email: newEmail(), password: PASSWORD, data: { pad: 'x'.repeat(1000 * 1000) } });
    expect((await call('POST', '/signup', { rawBody: justUnder })).status).toBe(200);
  });

  it('rate limits per IP with WIRE.md defaults: /token 150 per 5 min, /signup 30 per 5 min', async () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      token: { max: 150, windowSeconds: 300 },
      signup: { max: 30, windowSeconds: 300 },
      recover: { max: 30, windowSeconds: 300 },
      verify: { max: 30, windowSeconds: 300 },
      user_update: { max: 30, windowSeconds: 300 },
    });
    for (let i = 0; i < 150; i += 1) {
      const ok = await call('POST', '/token?grant_type=nothing', { ip: '203.0.113.7' });
      expect(ok.status).toBe(400);
    }
    const limited = await call('POST', '/token?grant_type=nothing', { ip: '203.0.113.7' });
    expectAuthError(limited, 429, 'over_request_rate_limit', 'Request rate limit reached');
    // Another client is not affected, and the window ends after five minutes.
    expect((await call('POST', '/token?grant_type=nothing', { ip: '203.0.113.8' })).status).toBe(400);
    server.advanceClock(301);
    expect((await call('POST', '/token?grant_type=nothing', { ip: '203.0.113.7' })).status).toBe(400);

    for (let i = 0; i < 30; i += 1) {
      expect((await call('POST', '/signup', { rawBody: '', ip: '203.0.113.9' })).status).toBe(400);
    }
    expectAuthError(await call('POST', '/signup', { rawBody: '', ip: '203.0.113.9' }), 429, 'over_request_rate_limit');
  });

  it('repeat recover e-mail inside the send interval: 429 over_email_send_rate_limit', async () => {
    const { email } = await signUp();
    expect((await call('POST', '/recover', { body: { email } })).status).toBe(200);
    server.advanceClock(15);
    const again = await call('POST', '/recover', { body: { email } });
    expectAuthError(again, 429, 'over_email_send_rate_limit', /^For security purposes, you can only request this after (44|45) seconds\.$/);
    server.advanceClock(46);
    expect((await call('POST', '/recover', { body: { email } })).status).toBe(200);
  });

  it('unknown e-mail on recover: {} 200, like a known one', async () => {
    const unknown = await call('POST', '/recover', { body: { email: newEmail() } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({});
  });
});

describe('GoTrue error shapes', () => {
  it('answers the initial {code, error_code, msg} shape without the version header, and echoes no version', async () => {
    const result = await call('POST', '/token?grant_type=password', {
      body: { email: newEmail(), password: PASSWORD },
      version: null,
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    expect(result.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(result.headers.get('x-supabase-api-version')).toBeNull();

    const weak = await call('POST', '/signup', { body: { email: newEmail(), password: '1' }, version: null });
    expect(weak.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('maps a later version date to 2024-01-01 and ignores an unparseable one', async () => {
    const later = await call('GET', '/user', { version: '2025-06-30' });
    expect(later.headers.get('x-supabase-api-version')).toBe(VERSION);
    expect(later.body).toEqual({ code: 'no_authorization', message: 'This endpoint requires a Bearer token' });
    const junk = await call('GET', '/user', { version: 'banana' });
    expect(junk.headers.get('x-supabase-api-version')).toBeNull();
    expect(junk.body).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  it('answers an unknown grant type in the current error shape, and keeps the OAuth shape where GoTrue does', async () => {
    const unsupported = await call('POST', '/token?grant_type=client_credentials', { body: {} });
    expectAuthError(unsupported, 400, 'invalid_credentials', 'unsupported_grant_type');
    expect(unsupported.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    expectAuthError(await call('POST', '/token', { body: {} }), 400, 'invalid_credentials', 'unsupported_grant_type');
    const missing = await call('POST', '/token?grant_type=refresh_token', { body: {} });
    expect(missing.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });

  it('validates e-mail addresses and required fields like GoTrue', async () => {
    expectAuthError(
      await call('POST', '/signup', { body: { email: 'not-an-email', password: PASSWORD } }),
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
    expectAuthError(
      await call('POST', '/signup', { body: { email: newEmail() } }),
      400,
      'validation_failed',
      'Signup requires a valid password',
    );
    expectAuthError(await call('POST', '/recover', { body: {} }), 422, 'validation_failed', 'Password recovery requires an email');
    expectAuthError(
      await call('POST', '/token?grant_type=password', { body: { password: PASSWORD } }),
      400,
      'validation_failed',
      'missing email or phone',
    );
    const { accessToken } = await signUp();
    expectAuthError(
      await call('POST', '/logout?scope=everything', { token: accessToken }),
      400,
      'validation_failed',
      'Unsupported logout scope "everything"',
    );
  });

  it('answers /settings and /health as GoTrue does', async () => {
    const settings = await call('GET', '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true, phone: false } });
    const health = await call('GET', '/health');
    expect(health.body).toMatchObject({ name: 'GoTrue' });
  });
});

describe('features switched off answer as GoTrue does with them off, through supabase-js', () => {
  async function signedInClient() {
    const { email } = await signUp();
    const client = server.client();
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  it('anonymous sign-in: 422 anonymous_provider_disabled', async () => {
    const { data, error } = await server.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expectAuthError(await call('POST', '/signup', { body: { password: PASSWORD } }), 422, 'anonymous_provider_disabled');
  });

  it('SSO: 404 saml_provider_disabled, for sign-in and the SAML endpoints', async () => {
    const { error } = await server.client().auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
    expectAuthError(await call('GET', '/sso/saml/metadata'), 404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
    expectAuthError(await call('POST', '/sso/saml/acs', { body: {} }), 404, 'saml_provider_disabled');
  });

  it('identity linking: 401 without a session, 404 manual_linking_disabled with one', async () => {
    expectAuthError(await call('GET', '/user/identities/authorize?provider=google'), 401, 'no_authorization');
    const client = await signedInClient();
    const link = await client.auth.linkIdentity({ provider: 'google' });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const { data: identities } = await client.auth.getUserIdentities();
    const identity = identities?.identities[0];
    if (identity === undefined) throw new Error('the e-mail identity is missing');
    const unlink = await client.auth.unlinkIdentity(identity);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  });

  it('MFA: 401 no_authorization without a session; with one, enrolment is off and no factor exists', async () => {
    expectAuthError(await call('POST', '/factors', { body: { factor_type: 'totp' } }), 401, 'no_authorization');
    expectAuthError(await call('POST', '/factors/5a7b7c1e-0000-4000-8000-000000000000/challenge', { body: {} }), 401, 'no_authorization');
    const client = await signedInClient();
    const totp = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(totp.error).toMatchObject({ status: 422, code: 'mfa_totp_enroll_not_enabled', message: 'MFA enroll is disabled for TOTP' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    const challenge = await client.auth.mfa.challenge({ factorId: '5a7b7c1e-0000-4000-8000-000000000000' });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    const unenroll = await client.auth.mfa.unenroll({ factorId: '5a7b7c1e-0000-4000-8000-000000000000' });
    expect(unenroll.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('web3 and id-token sign-in: 422 web3_provider_disabled, 400 provider_disabled', async () => {
    expectAuthError(
      await call('POST', '/token?grant_type=web3', { body: { chain: 'ethereum', message: 'm', signature: '0x00' } }),
      422,
      'web3_provider_disabled',
      'Web3 provider is disabled',
    );
    const { error } = await server.client().auth.signInWithIdToken({ provider: 'google', token: 'header.payload.signature' });
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const missing = await call('POST', '/token?grant_type=id_token', { body: { provider: 'google' } });
    expect(missing.body).toEqual({ error: 'invalid request', error_description: 'id_token required' });
  });
});

describe('with sign-ups disabled (DISABLE_SIGNUP=true)', () => {
  let closed: AuthTestServer;
  const closedCall = caller(() => closed);

  beforeAll(async () => {
    closed = await startAuthTestServer({ env: { DISABLE_SIGNUP: 'true' } });
  });

  afterAll(async () => {
    await closed.close();
  });

  it('refuses a new account with 422 signup_disabled, says so in /settings, and still refuses anonymous sign-ins first', async () => {
    const { data, error } = await closed.client().auth.signUp({ email: newEmail(), password: PASSWORD });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' });
    expectAuthError(await closedCall('POST', '/signup', { body: { email: newEmail(), password: PASSWORD } }), 422, 'signup_disabled');
    expect((await closedCall('GET', '/settings')).body).toMatchObject({ disable_signup: true });
    expectAuthError(await closedCall('POST', '/signup', { body: {} }), 422, 'anonymous_provider_disabled');
  });
});

describe('without auto-confirm', () => {
  let manual: AuthTestServer;
  const manualCall = caller(() => manual);

  beforeAll(async () => {
    manual = await startAuthTestServer({ env: { AUTO_CONFIRM_EMAIL: 'false' } });
  });

  afterAll(async () => {
    await manual.close();
  });

  it('returns the bare user, mails a confirmation link, and signs in only after it is followed', async () => {
    const email = newEmail();
    const signup = await manualCall('POST', '/signup?redirect_to=' + encodeURIComponent(`${manual.url}/welcome`), {
      body: { email, password: PASSWORD, data: { plan: 'weekly' } },
    });
    expect(signup.status).toBe(200);
    expect(signup.body).not.toHaveProperty('access_token');
    expect(signup.body).toMatchObject({ email, confirmation_sent_at: expect.any(String) });
    expect(signup.body).not.toHaveProperty('email_confirmed_at');

    const early = await manualCall('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } });
    expectAuthError(early, 400, 'email_not_confirmed', 'Email not confirmed');

    const { messages } = await manual.mailbox.list({ to: email });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(messages[0]?.text ?? '')?.[0];
    expect(messages[0]?.subject).toBe('Confirm Your Email');
    if (link === undefined) throw new Error('no confirmation link');
    const landing = await fetch(link, { redirect: 'manual' });
    expect(landing.status).toBe(303);
    const location = landing.headers.get('location') ?? '';
    expect(location.startsWith(`${manual.url}/welcome#access_token=`)).toBe(true);
    expect(new URLSearchParams(location.slice(location.indexOf('#') + 1)).get('type')).toBe('signup');

    const later = await manualCall('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } });
    expect(later.status).toBe(200);
    expect(later.body.user).toMatchObject({ email, email_confirmed_at: expect.any(String), user_metadata: { plan: 'weekly', email_verified: true } });

    // A second sign-up for the confirmed address looks like a fresh one and reveals nothing.
    const repeat = await manualCall('POST', '/signup', { body: { email, password: 'whatever 123' } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).not.toBe(signup.body.id);
    expect(repeat.body).not.toHaveProperty('email_confirmed_at');
  });

  it('tells supabase-js a pending confirmation (identities) from a taken address (no identities), as Supabase documents', async () => {
    const email = newEmail();
    const first = await manual.client().auth.signUp({ email, password: PASSWORD });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect(first.data.user?.identities).toHaveLength(1);
    await confirmByLink(email);
    const taken = await manual.client().auth.signUp({ email, password: 'another password' });
    expect(taken.error).toBeNull();
    expect(taken.data.session).toBeNull();
    expect(taken.data.user?.identities).toEqual([]);
  });

  it('verifyOtp with the mailed token as token_hash: type email confirms and signs in, once', async () => {
    const email = newEmail();
    expect((await manual.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const tokenHash = await mailedToken(email);
    const client = manual.client();
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ email, email_confirmed_at: expect.any(String) });

    const again = await manual.client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
    const bad = await manual.client().auth.verifyOtp({ token_hash: 'not-a-token', type: 'signup' });
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
    expectAuthError(await manualCall('POST', '/verify', { body: { type: 'sms', token_hash: tokenHash } }), 400, 'validation_failed', 'Invalid email verification type');
  });

  it('verifyOtp with a magic-link (recovery) token as token_hash: types magiclink and email sign in', async () => {
    const email = newEmail();
    expect((await manual.client().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    await confirmByLink(email);
    for (const type of ['magiclink', 'email'] as const) {
      manual.advanceClock(61);
      expect((await manual.client().auth.resetPasswordForEmail(email)).error).toBeNull();
      const tokenHash = await mailedToken(email);
      const { data, error } = await manual.client().auth.verifyOtp({ token_hash: tokenHash, type });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      // A confirmation link's type does not take a recovery token.
      const wrongType = await manual.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
      expect(wrongType.error).toMatchObject({ code: 'otp_expired' });
    }
  });

  /** The token of the newest mail to `email`: the mailed link's `token`, which GoTrue's templates call TokenHash. */
  async function mailedToken(email: string): Promise<string> {
    const { messages } = await manual.mailbox.list({ to: email });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(messages[0]?.text ?? '')?.[0];
    const token = link === undefined ? null : new URL(link).searchParams.get('token');
    if (token === null) throw new Error(`no link mailed to ${email}`);
    return token;
  }

  async function confirmByLink(email: string): Promise<void> {
    const { messages } = await manual.mailbox.list({ to: email });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(messages[0]?.text ?? '')?.[0];
    if (link === undefined) throw new Error(`no link mailed to ${email}`);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
  }
});

describe('auth data stays private', () => {
  it('the API roles cannot read or write the auth tables or the mailbox', async () => {
    await signUp();
    for (const role of ['anon', 'authenticated']) {
      for (const table of ['auth.users', 'auth.sessions', 'auth.refresh_tokens', 'auth.identities', 'local_stack.mail_messages']) {
        await expect(
          server.db.transaction(async (tx) => {
            await tx.exec(`set local role ${role}`);
            await tx.query(`select * from ${table} limit 1`);
          }),
        ).rejects.toThrow(/permission denied for (table|schema)/);
      }
    }
  });

  it('REST does not expose them', async () => {
    const { accessToken } = await signUp();
    for (const { profile, table } of [
      { profile: 'auth', table: 'users' },
      { profile: 'auth', table: 'refresh_tokens' },
      { profile: 'public', table: 'users' },
      { profile: 'local_stack', table: 'mail_messages' },
    ]) {
      const response = await fetch(`${server.url}/rest/v1/${table}?select=*`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${accessToken}`, 'accept-profile': profile },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain('encrypted_password');
    }
  });
});
