import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { checkBuildEnv } from '../../../engine/build-env';
import { LOCAL_SUPPORT_EMAIL } from '../../../services/help-centre/help-centre-settings';
import { LOCAL_REVENUECAT_PUBLIC_KEY } from '../../../services/receipts/receipt-settings';
import { LOCAL_STACK_ANON_KEY } from '../../../services/supabase/supabase-settings';
import { productionBuildEnv } from './production-environment';

const root = resolve(import.meta.dirname, '../../..');

describe('the build environment (engine/build-env.ts)', () => {
  it('a local build takes no variables at all; a production build takes a real deployment\'s', () => {
    expect(checkBuildEnv({}, false)).toEqual({});
    expect(checkBuildEnv(productionBuildEnv, true)).toMatchObject({ VITE_SUPABASE_URL: productionBuildEnv.VITE_SUPABASE_URL });
  });

  it('a malformed variable fails any build with its name and purpose', () => {
    expect(() => checkBuildEnv({ VITE_SUPABASE_URL: 'abcdefghijklmnop.supabase.co' }, false)).toThrow(
      "VITE_SUPABASE_URL (the Supabase project's API URL (https://<ref>.supabase.co): auth, REST and functions): an absolute URL",
    );
    expect(() => checkBuildEnv({ VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' }, false)).toThrow(/VITE_STRIPE_PUBLISHABLE_KEY \(Stripe's publishable key.*\): a Stripe publishable key/);
    expect(() => checkBuildEnv({ VITE_SUPPORT_EMAIL: 'support' }, false)).toThrow(/VITE_SUPPORT_EMAIL \(the help centre's support address.*\): an e-mail address/);
  });

  // One row per local default a deployed app must not keep; each is refused on its own.
  const refusals: readonly (readonly [string, string | undefined, RegExp])[] = [
    ['VITE_SUPABASE_URL', undefined, /VITE_SUPABASE_URL \(.*\): is not set/],
    ['VITE_SUPABASE_ANON_KEY', LOCAL_STACK_ANON_KEY, /VITE_SUPABASE_ANON_KEY \(.*\): is the local stack's anon key/],
    ['VITE_SUPABASE_ANON_KEY', undefined, /VITE_SUPABASE_ANON_KEY \(.*\): is the local stack's anon key/],
    ['VITE_REVENUECAT_API_URL', undefined, /VITE_REVENUECAT_API_URL \(.*\): is not set/],
    ['VITE_REVENUECAT_PUBLIC_KEY', LOCAL_REVENUECAT_PUBLIC_KEY, /VITE_REVENUECAT_PUBLIC_KEY \(.*\): is the local emulator's key/],
    ['VITE_STRIPE_PUBLISHABLE_KEY', undefined, /VITE_STRIPE_PUBLISHABLE_KEY \(.*\): is not set/],
    ['VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_51AbCdEf', /VITE_STRIPE_PUBLISHABLE_KEY \(.*\): is a test key \(pk_test_\.\.\.\) in a live build/],
    ['VITE_SUPPORT_EMAIL', LOCAL_SUPPORT_EMAIL, /VITE_SUPPORT_EMAIL \(.*\): is the placeholder support@example\.com/],
    ['VITE_SUPPORT_EMAIL', undefined, /VITE_SUPPORT_EMAIL \(.*\): is the placeholder support@example\.com/],
    ['VITE_SNOWPLOW_COLLECTOR_URL', undefined, /VITE_SNOWPLOW_COLLECTOR_URL \(.*\): is not set/],
    ['VITE_SENTRY_DSN', undefined, /VITE_SENTRY_DSN \(.*\): is not set/],
  ];
  it.each(refusals)('a production build refuses %s = %s', (name, value, message) => {
    const env: Record<string, string | undefined> = { ...productionBuildEnv, [name]: value };
    expect(() => checkBuildEnv(env, true)).toThrow(message);
    // The same values are a fine local build.
    expect(() => checkBuildEnv(env, false)).not.toThrow();
  });

  it('vite build with DEPLOY_ENV=production and no deployment variables stops before compiling, listing them', async () => {
    const previous = process.env.DEPLOY_ENV;
    process.env.DEPLOY_ENV = 'production';
    try {
      await expect(build({ configFile: resolve(root, 'vite.config.ts'), root, logLevel: 'silent', build: { write: false } })).rejects.toThrow(
        /refuses the local defaults:[\s\S]*VITE_SUPABASE_ANON_KEY[\s\S]*VITE_SUPPORT_EMAIL/,
      );
    } finally {
      if (previous === undefined) delete process.env.DEPLOY_ENV;
      else process.env.DEPLOY_ENV = previous;
    }
  });
});
