import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFromAnswers } from '../../engine/profile-from-answers';
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
  afterAll(() => server?.close());

  it('loads the SDK only when first needed', async () => {
    expect(services.auth.mayHaveSession()).toBe(false);
    expect(sdkLoads).toBe(0);
    expect(await services.auth.currentUser()).toBeNull();
    expect(sdkLoads).toBe(1);
  });

  it('signs up with metadata, inserts the own profile row and calls a function', async () => {
    const result = await services.auth.signUp('dora@example.com', 'secret-1', { confidence_visitor_id: 'v-1', sign_up_platform: 'web' });
    expect(result.error).toBeUndefined();
    const userId = result.user?.id ?? '';
    expect((await services.auth.currentUser())?.id).toBe(userId);
    const metadata = await server.db.query<{ meta: Record<string, string> }>('select raw_user_meta_data as meta from auth.users where id = $1', [userId]);
    expect(metadata.rows[0]?.meta).toMatchObject({ confidence_visitor_id: 'v-1', sign_up_platform: 'web' });

    const answers: Record<string, string> = { gender: 'female', age: '34', height: '170.18', weight: '68.0388', goalWeight: '63.5', useMetricOrImperial: 'false', activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' };
    await services.profiles.insert(profileFromAnswers(userId, (key) => answers[key] ?? null));
    const rows = await server.db.query('select age_in_years, is_female, height_in_cm::float8 as height from public.profiles where user_id = $1', [userId]);
    expect(rows.rows).toEqual([{ age_in_years: 34, is_female: true, height: 170.18 }]);
    await expect(services.profiles.insert(profileFromAnswers(userId, () => null))).rejects.toThrow(/Profile insert failed/);

    await services.functions.invoke('set-revenuecat-customer-email');
    const attribute = await server.db.query('select value from revenuecat.subscriber_attributes where app_user_id = $1 and key = $2', [userId, '$email']);
    expect(attribute.rows).toEqual([{ value: 'dora@example.com' }]);
  });

  it('reports "User already registered" for a second sign-up with the same e-mail', async () => {
    const again = await services.auth.signUp('dora@example.com', 'other-pw', {});
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
