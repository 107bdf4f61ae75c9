import { z } from 'zod';
import { PUBLISHED_LOCAL_SECRETS } from './published-local-secrets.ts';

const url = z.url().transform((value) => value.replace(/\/$/, ''));

/**
 * The Edge Functions' environment on a Supabase project, each variable with what it is for. Supabase
 * sets the SUPABASE_* ones itself; the others are `supabase secrets set` (docs/deploy.md). The local
 * stack hands its handlers the same values from server/config.ts.
 */
export const functionsEnvSchema = z.object({
  SUPABASE_URL: url.describe("the project's API URL (set by Supabase): Auth checks the caller, REST holds the rows"),
  SUPABASE_ANON_KEY: z.string().min(1).describe('the anon key (set by Supabase): sent as apikey with the caller\'s JWT'),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).describe('the service-role key (set by Supabase): the functions that write past row-level security'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'a Stripe secret or restricted key (sk_live_..., rk_live_...)').describe('the Stripe key the payment functions act with'),
  STRIPE_API_URL: url.optional().describe('where the stripe SDK goes; unset = https://api.stripe.com (only the local stack sets it)'),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'starts with whsec_').describe("the signing secret of the Stripe webhook endpoint that delivers to stripe-webhook"),
  REVENUECAT_API_URL: url.default('https://api.revenuecat.com/v1').describe('RevenueCat REST v1; unset = RevenueCat'),
  REVENUECAT_SECRET_KEY: z.string().min(1).describe('the RevenueCat secret API key: receipts, attributes, subscriber reads'),
  MAIL_API_URL: url.optional().describe('the mail service the customer e-mails go through, in Mailpit\'s send format (POST /api/v1/send); the local stack\'s mailbox by default'),
  MAIL_FROM: z.email().optional().describe('the sender address of the customer e-mails'),
  DEPLOY_ENV: z.enum(['production', 'staging', 'local']).default('local').describe('production refuses test keys and the local defaults'),
});

export type FunctionsEnv = z.infer<typeof functionsEnvSchema>;

/** A start-up failure that names each variable, what it is for and what is wrong with it. */
export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
}

/** Formats zod's issues as `NAME (purpose): problem`, one a line. */
export function environmentProblems(shape: Readonly<Record<string, z.ZodType>>, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const purpose = shape[name]?.description;
    const problem = issue.code === 'invalid_type' && issue.input === undefined ? 'is not set' : issue.message;
    return `${name}${purpose === undefined ? '' : ` (${purpose})`}: ${problem}`;
  });
}

type FunctionsEnvName = keyof FunctionsEnv;

/** What DEPLOY_ENV=production refuses: anything that only works against the local stack, and Stripe test keys. */
export function productionProblems(env: FunctionsEnv): string[] {
  const problem = (name: FunctionsEnvName, text: string) => `${name} (${functionsEnvSchema.shape[name].description ?? ''}): ${text}`;
  const problems: string[] = [];
  if (!/^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY)) problems.push(problem('STRIPE_SECRET_KEY', 'is a test key (or the emulator\'s) in a live deployment; set sk_live_... or rk_live_...'));
  if (env.STRIPE_API_URL !== undefined) problems.push(problem('STRIPE_API_URL', 'points the SDK away from Stripe; unset it in production'));
  if (new URL(env.REVENUECAT_API_URL).hostname !== 'api.revenuecat.com') problems.push(problem('REVENUECAT_API_URL', 'is not RevenueCat (https://api.revenuecat.com/v1)'));
  for (const name of ['REVENUECAT_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (PUBLISHED_LOCAL_SECRETS.includes(env[name])) problems.push(problem(name, 'is the local stack\'s published default'));
  }
  const local = (address: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(address).hostname);
  if (local(env.SUPABASE_URL)) problems.push(problem('SUPABASE_URL', 'is a local address'));
  if (env.MAIL_API_URL === undefined || local(env.MAIL_API_URL)) problems.push(problem('MAIL_API_URL', 'is not set or local: receipts and confirmations would reach no customer'));
  if (env.MAIL_FROM === undefined) problems.push(problem('MAIL_FROM', 'is not set'));
  return problems;
}

export function functionsEnv(read: (name: string) => string | undefined): FunctionsEnv {
  const values = Object.fromEntries(Object.keys(functionsEnvSchema.shape).map((name) => [name, read(name) || undefined]));
  const parsed = functionsEnvSchema.safeParse(values);
  if (!parsed.success) {
    throw new InvalidEnvironmentError(`Invalid Edge Function environment:\n${environmentProblems(functionsEnvSchema.shape, parsed.error).map((line) => `  ${line}`).join('\n')}`);
  }
  const problems = parsed.data.DEPLOY_ENV === 'production' ? productionProblems(parsed.data) : [];
  if (problems.length > 0) {
    throw new InvalidEnvironmentError(`A production deployment (DEPLOY_ENV=production) refuses:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return parsed.data;
}
