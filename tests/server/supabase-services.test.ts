import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFromAnswers } from '../../engine/profile-from-answers';
import { purchaseValue } from '../../engine/purchase-value';
import { supabaseExchangeRates } from '../../services/checkout/supabase-exchange-rates';
import { createSupabaseServices } from '../../services/supabase/create-supabase-services';
import type { SupabaseServices } from '../../services/supabase/create-supabase-services';
import { supabaseSettings } from '../../services/supabase/supabase-settings';
import { startTestServer } from './support/test-server';
import type { TestServer } from './support/test-server';

// The browser's auth/profile/function services over supabase-js, against the whole local stack, with
// the built-in defaults (URL = the origin, the local anon key) a plain `npm start` build uses.
describe('supabase-backed browser services on the local stack', () => {
  let server: TestServer;
  let services: SupabaseServices;
  let sdkLoads = 0;

  beforeAll(async () => {
    server = await startTestServer();
    services = createSupabaseServices({
      settings: supabaseSettings({}, server.url),
      storage: { getItem: () => null },
      loadSdk: () => {
        sdkLoads += 1;
        return import('@supabase/supabase-js');
      },
    });
  });
  afterAll(() => server.close());

  it('loads the SDK only when first needed', async () => {
    expect(services.auth.mayHaveSession()).toBe(false);
    expect(sdkLoads).toBe(0);
    expect(await services.auth.currentUser()).toBeNull();
    expect(sdkLoads).toBe(1);
  });

  it('signs up with metadata, inserts the own profile row and calls a function', async () => {
    const result = await services.auth.signUp('dora@example.com', 'secret-1', { confidence_visitor_id: 'v-1', sign_up_platform: 'web' }, `${server.url}/sign-up/confirm`);
    expect(result.error).toBeUndefined();
    expect(result.confirmationPending).toBe(false);
    const userId = result.user?.id ?? '';
    expect((await services.auth.currentUser())?.id).toBe(userId);
    const metadata = await server.db.query<{ meta: Record<string, string> }>('select raw_user_meta_data as meta from auth.users where id = $1', [userId]);
    expect(metadata.rows[0]?.meta).toMatchObject({ confidence_visitor_id: 'v-1', sign_up_platform: 'web' });

    const answers: Record<string, string> = { gender: 'female', age: '34', height: '170.18', weight: '68.0388', goalWeight: '63.5', useMetricOrImperial: 'false', activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' };
    await services.profiles.insert(profileFromAnswers(userId, (key) => answers[key] ?? null, { age_in_years: 'age', is_female: 'gender', height_in_cm: 'height', weight_in_kg: 'weight' }));
    const rows = await server.db.query('select age_in_years, is_female, height_in_cm::float8 as height from public.profiles where user_id = $1', [userId]);
    expect(rows.rows).toEqual([{ age_in_years: 34, is_female: true, height: 170.18 }]);
    await expect(services.profiles.insert(profileFromAnswers(userId, () => null, {}))).rejects.toThrow(/Profile insert failed/);

    await services.functions.invoke('set-revenuecat-customer-email');
    const attribute = await server.db.query('select value from revenuecat.subscriber_attributes where app_user_id = $1 and key = $2', [userId, '$email']);
    expect(attribute.rows).toEqual([{ value: 'dora@example.com' }]);
  });

  it('reads the latest fx_rates row, which the purchase value converts with', async () => {
    const exchangeRates = supabaseExchangeRates(services.client);
    const seeded = await exchangeRates.latest();
    expect(seeded).toMatchObject({ eur: 1, sek: 11.45 });
    await server.db.query("insert into public.fx_rates (created_at, sek) values (now() + interval '1 day', 11.9)");
    expect(await exchangeRates.latest()).toMatchObject({ sek: 11.9, usd: null });
    expect(purchaseValue('sek', await exchangeRates.latest())).toEqual({ value: 773.26, currency: 'sek' });
    await server.db.query("delete from public.fx_rates where sek = 11.9");
  });

  it('reports "User already registered" for a second sign-up with the same e-mail', async () => {
    const again = await services.auth.signUp('dora@example.com', 'other-pw', {}, `${server.url}/sign-up/confirm`);
    expect(again.error).toEqual({ message: 'User already registered', code: 'user_already_exists' });
  });

  it('signs out and in; a wrong password is an error result, not an exception', async () => {
    await services.auth.signOut();
    expect(await services.auth.currentUser()).toBeNull();
    expect((await services.auth.signIn('dora@example.com', 'wrong-pw')).error).toEqual({ message: 'Invalid login credentials', code: 'invalid_credentials' });
    const signedIn = await services.auth.signIn('dora@example.com', 'secret-1');
    expect(signedIn.user?.email).toBe('dora@example.com');
  });

  it('updates the password, refusing the same one with same_password', async () => {
    expect(await services.auth.updatePassword('secret-1')).toEqual({ message: 'New password should be different from the old password.', code: 'same_password' });
    expect(await services.auth.updatePassword('secret-2')).toBeUndefined();
    await services.auth.signOut();
    expect((await services.auth.signIn('dora@example.com', 'secret-2')).user).toBeDefined();
  });

  it('requests a recovery e-mail linking back to the given page', async () => {
    expect(await services.auth.requestPasswordReset('dora@example.com', `${server.url}/account/reset-password`)).toBeUndefined();
    // Unknown addresses get the same answer (no account enumeration).
    expect(await services.auth.requestPasswordReset('nobody@example.com', `${server.url}/account/reset-password`)).toBeUndefined();
    const list = await (await fetch(`${server.url}/_dev/mail/api/v1/messages`)).json();
    expect(JSON.stringify(list)).toContain('dora@example.com');
  });
});

// Hosted Supabase's default: the address is confirmed through the mailed link before there is a session.
describe('the same services with e-mail confirmation on (AUTO_CONFIRM_EMAIL=false)', () => {
  let server: TestServer;
  const newServices = (): SupabaseServices =>
    createSupabaseServices({ settings: supabaseSettings({}, server.url), storage: { getItem: () => null }, loadSdk: () => import('@supabase/supabase-js') });

  beforeAll(async () => {
    server = await startTestServer({ env: { AUTO_CONFIRM_EMAIL: 'false' } });
  });
  afterAll(() => server.close());

  async function mailedLink(address: string): Promise<URL> {
    const { messages } = await server.mailbox.list({ to: address });
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(messages[0]?.text ?? '')?.[0];
    if (link === undefined) throw new Error(`no link mailed to ${address}`);
    return new URL(link);
  }

  it('signs up without a session, mails a link back to the given page, and confirms through token_hash', async () => {
    const services = newServices();
    const redirect = `${server.url}/sign-up/confirm?utm_source=mail`;
    const result = await services.auth.signUp('erin@example.com', 'secret-1', { sign_up_platform: 'web' }, redirect);
    expect(result.error).toBeUndefined();
    expect(result.confirmationPending).toBe(true);
    expect(await services.auth.currentUser()).toBeNull();
    expect((await services.auth.signIn('erin@example.com', 'secret-1')).error).toEqual({ message: 'Email not confirmed', code: 'email_not_confirmed' });

    const link = await mailedLink('erin@example.com');
    expect(link.searchParams.get('redirect_to')).toBe(redirect);
    const token = link.searchParams.get('token') ?? '';
    const device = newServices();
    const confirmed = await device.auth.confirmEmail({ search: `?token_hash=${token}&type=email&utm_source=mail`, hash: '' });
    expect(confirmed).toEqual({ user: { id: result.user?.id, email: 'erin@example.com' } });
    expect((await device.auth.currentUser())?.id).toBe(result.user?.id);

    const reused = await newServices().auth.confirmEmail({ search: `?token_hash=${token}&type=email`, hash: '' });
    expect(reused.error).toEqual({ message: 'Email link is invalid or has expired', code: 'otp_expired' });
  });

  it('reports a taken address as "User already registered" although GoTrue answers a look-alike user', async () => {
    const services = newServices();
    const taken = await services.auth.signUp('erin@example.com', 'other-pw', {}, `${server.url}/sign-up/confirm`);
    expect(taken.error).toEqual({ message: 'User already registered', code: 'user_already_exists' });
  });

  it("fails for the implicit flow's error fragment and for a landing without a session", async () => {
    const services = newServices();
    const fragment = await services.auth.confirmEmail({
      search: '',
      hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    });
    expect(fragment.error).toEqual({ message: 'Email link is invalid or has expired', code: 'otp_expired' });
    expect((await services.auth.confirmEmail({ search: '?utm_source=mail', hash: '' })).error?.code).toBe('otp_expired');
  });
});
