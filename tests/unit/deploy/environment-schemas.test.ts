import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnvSchema } from '../../../engine/build-env';
import * as serverConfig from '../../../server/config';
import { functionsEnv, functionsEnvSchema } from '../../../supabase/functions/_shared/functions-env';
import { PUBLISHED_LOCAL_SECRETS } from '../../../supabase/functions/_shared/published-local-secrets';
import { productionFunctionsEnv } from './production-environment';

const reader = (env: Readonly<Record<string, string | undefined>>) => (name: string) => env[name];

describe('the Edge Functions environment (supabase/functions/_shared/functions-env.ts)', () => {
  it('takes a real deployment\'s secrets', () => {
    expect(functionsEnv(reader(productionFunctionsEnv))).toMatchObject({ DEPLOY_ENV: 'production', REVENUECAT_API_URL: 'https://api.revenuecat.com/v1' });
  });

  it('a missing or malformed variable fails with its name and what it is for', () => {
    expect(() => functionsEnv(reader({ ...productionFunctionsEnv, STRIPE_WEBHOOK_SECRET: undefined }))).toThrow(
      'STRIPE_WEBHOOK_SECRET (the signing secret of the Stripe webhook endpoint that delivers to stripe-webhook): is not set',
    );
    expect(() => functionsEnv(reader({ ...productionFunctionsEnv, SUPABASE_URL: 'supabase' }))).toThrow(/SUPABASE_URL \(the project's API URL \(set by Supabase\).*\): /);
  });

  const refusals: readonly (readonly [string, string, RegExp])[] = [
    ['STRIPE_SECRET_KEY', 'sk_test_51AbCdEf', /STRIPE_SECRET_KEY \(.*\): is a test key/],
    ['STRIPE_SECRET_KEY', serverConfig.LOCAL_STRIPE_SECRET_KEY, /STRIPE_SECRET_KEY \(.*\): is a test key/],
    ['STRIPE_API_URL', 'http://localhost:3000', /STRIPE_API_URL \(.*\): points the SDK away from Stripe/],
    ['REVENUECAT_API_URL', 'http://localhost:3000/revenuecat/v1', /REVENUECAT_API_URL \(.*\): is not RevenueCat/],
    ['REVENUECAT_SECRET_KEY', serverConfig.LOCAL_REVENUECAT_SECRET_KEY, /REVENUECAT_SECRET_KEY \(.*\): is the local stack's published default/],
    ['STRIPE_WEBHOOK_SECRET', serverConfig.LOCAL_STRIPE_WEBHOOK_SECRET, /STRIPE_WEBHOOK_SECRET \(.*\): is the local stack's published default/],
    ['SUPABASE_URL', 'http://localhost:3000', /SUPABASE_URL \(.*\): is a local address/],
    ['MAIL_API_URL', 'http://localhost:3000/_dev/mail', /MAIL_API_URL \(.*\): is not set or local/],
  ];
  it.each(refusals)('DEPLOY_ENV=production refuses %s = %s', (name, value, message) => {
    const env = { ...productionFunctionsEnv, [name]: value };
    expect(() => functionsEnv(reader(env))).toThrow(message);
    expect(() => functionsEnv(reader({ ...env, DEPLOY_ENV: 'local' }))).not.toThrow();
  });

  it('knows every published local secret of server/config.ts', () => {
    const local = Object.entries(serverConfig).flatMap(([name, value]) => (name.startsWith('LOCAL_') && typeof value === 'string' ? [value] : []));
    expect([...PUBLISHED_LOCAL_SECRETS].sort()).toEqual(local.sort());
  });
});

describe('the local stack environment (server/config.ts)', () => {
  it('a malformed variable fails start-up with its name and what it is for', () => {
    expect(() => serverConfig.loadServerConfig({ JWT_SECRET: 'short' })).toThrow(
      'JWT_SECRET (signs access tokens and the anon and service-role keys): JWT_SECRET must be at least 32 characters',
    );
    expect(() => serverConfig.loadServerConfig({ FUNCTIONS_URL: 'deno' })).toThrow(/FUNCTIONS_URL \(a Deno runtime serving the functions, behind this gateway\): /);
  });

  it('AUTH_RATE_LIMIT_HEADER names a header (case-insensitive); unset, the socket address counts', () => {
    expect(serverConfig.loadServerConfig({}).authRateLimitHeader).toBeUndefined();
    expect(serverConfig.loadServerConfig({ AUTH_RATE_LIMIT_HEADER: ' X-Forwarded-For ' }).authRateLimitHeader).toBe('x-forwarded-for');
    expect(() => serverConfig.loadServerConfig({ AUTH_RATE_LIMIT_HEADER: 'x-forwarded-for: 1.2.3.4' })).toThrow(/AUTH_RATE_LIMIT_HEADER .*a header name/);
  });
});

describe('.env.example', () => {
  it('lists every variable the build, the functions and the stack schemas read', () => {
    const listed = new Set([...readFileSync(resolve(import.meta.dirname, '../../../.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]));
    const read = [...Object.keys(buildEnvSchema.shape), ...Object.keys(functionsEnvSchema.shape).filter((name) => !name.startsWith('SUPABASE_')), ...serverConfig.serverEnvNames];
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });
});
