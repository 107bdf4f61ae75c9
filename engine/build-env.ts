import { z } from 'zod';
import { LOCAL_REVENUECAT_PUBLIC_KEY, LOCAL_STACK_ANON_KEY, LOCAL_SUPPORT_EMAIL, STRIPE_LOCAL_PUBLISHABLE_KEY } from './local-stack-defaults.ts';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <Schema extends z.ZodType>(schema: Schema) => z.preprocess(blankToUndefined, schema.optional());
const url = z.url('an absolute URL (https://...)');

/**
 * Every variable the app build reads (services/import-meta-env.d.ts), with what it is for. All are
 * optional for a local build: unset means the local stack on the page's own origin. `.env.example`
 * lists them; docs/deploy.md says where each value comes from.
 */
export const buildEnvSchema = z.object({
  VITE_SUPABASE_URL: optional(url).describe("the Supabase project's API URL (https://<ref>.supabase.co): auth, REST and functions"),
  VITE_SUPABASE_ANON_KEY: optional(z.string()).describe("the project's anon (public) key the app sends with every Supabase request"),
  VITE_REVENUECAT_API_URL: optional(url).describe('RevenueCat REST v1 (https://api.revenuecat.com/v1); unset = the local emulator'),
  VITE_REVENUECAT_PUBLIC_KEY: optional(z.string()).describe("RevenueCat's public app key (Web Billing / Stripe app): the app reads the user's entitlements with it"),
  VITE_STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(live|test)_\w+$/, 'a Stripe publishable key (pk_live_... or pk_test_...)')).describe(
    "Stripe's publishable key: the payment page loads Stripe.js from Stripe with it; unset = the local Stripe.js sandbox",
  ),
  VITE_STRIPE_SANDBOX_URL: optional(url).describe('where the local Stripe.js sandbox finds the stack (local builds only)'),
  VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY: optional(z.string()).describe("the Stripe emulator's publishable key (local builds only)"),
  VITE_STRIPE_PRODUCT_ID: optional(z.string().regex(/^prod_\w+$/, 'a Stripe product id (prod_...)')).describe('the Stripe product whose prices the plans page lists'),
  VITE_SUPPORT_EMAIL: optional(z.email('an e-mail address')).describe("the help centre's support address for general questions"),
  VITE_SNOWPLOW_COLLECTOR_URL: optional(url).describe('the Snowplow collector the analytics events go to; unset = the local collector'),
  VITE_SNOWPLOW_APP_ID: optional(z.string()).describe("the Snowplow app id of this web funnel"),
  VITE_SENTRY_DSN: optional(url).describe('the Sentry project DSN errors are reported to; unset = the local Sentry sink'),
  VITE_SENTRY_ENVIRONMENT: optional(z.string()).describe("Sentry's environment tag (default production when a DSN is set)"),
  VITE_SENTRY_RELEASE: optional(z.string()).describe("Sentry's release tag (e.g. the commit)"),
  VITE_META_PIXEL_ID: optional(z.string().regex(/^\d{5,20}$/, 'the numeric pixel id from Events Manager')).describe('the Meta pixel id; unset = the local pixel stand-in'),
  VITE_META_PIXEL_SCRIPT_URL: optional(url).describe("where fbevents.js loads from (unset with a pixel id = Meta's)"),
  VITE_PRODUCT_API_URL: optional(url).describe('the product API (/api/v1: geolocation, net amounts, tracking events); unset = the page origin'),
  VITE_CONFIDENCE_CLIENT_SECRET: optional(z.string()).describe("the Confidence client secret the flag is resolved with (public by design); set = Confidence's eu resolver, unset = the local resolver"),
  VITE_CONFIDENCE_RESOLVER_URL: optional(url).describe('the flag resolver base URL (<it>/v1/flags:resolve) when it is neither the local one nor Confidence eu'),
});

export type BuildEnv = z.infer<typeof buildEnvSchema>;

type BuildEnvName = keyof BuildEnv;

function isBuildEnvName(name: string): name is BuildEnvName {
  return Object.hasOwn(buildEnvSchema.shape, name);
}

function line(name: BuildEnvName, problem: string): string {
  return `${name} (${buildEnvSchema.shape[name].description ?? ''}): ${problem}`;
}

/**
 * What a production build (DEPLOY_ENV=production) refuses: every local default, which would point a
 * deployed app at services that only exist on a developer's machine, and Stripe test keys in a live build.
 */
export function productionProblems(env: BuildEnv): string[] {
  const problems: string[] = [];
  const required = (name: BuildEnvName, why: string) => {
    if (env[name] === undefined) problems.push(line(name, `is not set; ${why}`));
  };
  required('VITE_SUPABASE_URL', 'unset, the app would call the local stack on its own origin');
  if (env.VITE_SUPABASE_ANON_KEY === undefined || env.VITE_SUPABASE_ANON_KEY === LOCAL_STACK_ANON_KEY) {
    problems.push(line('VITE_SUPABASE_ANON_KEY', "is the local stack's anon key (signed with the published local secret); set the project's"));
  }
  required('VITE_REVENUECAT_API_URL', 'unset, the app would read entitlements from the local emulator');
  if (env.VITE_REVENUECAT_PUBLIC_KEY === undefined || env.VITE_REVENUECAT_PUBLIC_KEY === LOCAL_REVENUECAT_PUBLIC_KEY) {
    problems.push(line('VITE_REVENUECAT_PUBLIC_KEY', "is the local emulator's key; set RevenueCat's public app key"));
  }
  const stripeKey = env.VITE_STRIPE_PUBLISHABLE_KEY;
  if (stripeKey === undefined || stripeKey === STRIPE_LOCAL_PUBLISHABLE_KEY) {
    problems.push(line('VITE_STRIPE_PUBLISHABLE_KEY', 'is not set; the payment page would use the local Stripe.js sandbox'));
  } else if (stripeKey.startsWith('pk_test_')) {
    problems.push(line('VITE_STRIPE_PUBLISHABLE_KEY', 'is a test key (pk_test_...) in a live build (DEPLOY_ENV=production); set pk_live_...'));
  }
  if (env.VITE_SUPPORT_EMAIL === undefined || env.VITE_SUPPORT_EMAIL === LOCAL_SUPPORT_EMAIL) {
    problems.push(line('VITE_SUPPORT_EMAIL', `is the placeholder ${LOCAL_SUPPORT_EMAIL}; set the address that answers`));
  }
  required('VITE_SNOWPLOW_COLLECTOR_URL', 'unset, analytics would go to the local collector');
  required('VITE_SENTRY_DSN', 'unset, errors would go to the local Sentry sink');
  return problems;
}

/** Parses the build's variables; throws one error naming every bad or (in production) local value. */
export function checkBuildEnv(source: Readonly<Record<string, string | undefined>>, production: boolean): BuildEnv {
  const parsed = buildEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return isBuildEnvName(name) ? line(name, issue.message) : `${name}: ${issue.message}`;
    });
    throw new Error(`Invalid build environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const problems = production ? productionProblems(parsed.data) : [];
  if (problems.length > 0) {
    throw new Error(`A production build (DEPLOY_ENV=production) refuses the local defaults:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  return parsed.data;
}
