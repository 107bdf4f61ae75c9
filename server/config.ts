import { resolve } from 'node:path';
import { z } from 'zod';
import { flagSettings } from '../services/flags/flag-settings';
import { environmentProblems } from '../supabase/functions/_shared/functions-env';
import { isKnownCountry } from './api/currency-for-country';
import type { DefaultLocation } from './api/geolocation-from-headers';

/**
 * The local stack's configuration, parsed once at start-up from the environment. Every secret has a
 * safe local default (printed at start-up) so `npm start` needs no setup; a real deployment sets them.
 */
export interface ServerConfig {
  readonly port: number;
  /**
   * Where to listen (HOST). `localhost`, the default, is both loopback addresses (127.0.0.1 and ::1);
   * anything else is one address, e.g. `0.0.0.0` or `::` for every interface.
   */
  readonly host: string;
  /** The dev-only routes without auth: /_dev/mail (recovery links) and /_dev/revenuecat (free grants). */
  readonly devRoutes: boolean;
  /** ALLOW_INSECURE_PUBLIC=1: listen on a non-loopback address despite local secrets or dev routes. */
  readonly allowInsecurePublic: boolean;
  /** PRINT_SERVICE_ROLE_KEY=1: print the service-role key at start-up (otherwise only how to get it). */
  readonly printServiceRoleKey: boolean;
  /** Public URL of this process, used in e-mails and redirects. */
  readonly siteUrl: string;
  readonly dataDir: string;
  /** When set, a real PostgreSQL server is used instead of embedded PGlite. */
  readonly databaseUrl: string | undefined;
  /** HS256 secret for access tokens, the anon key and the service-role key. */
  readonly jwtSecret: string;
  readonly jwtIssuer: string;
  readonly accessTokenTtlSeconds: number;
  /** Auto-confirm new e-mail addresses (Supabase's local default; hosted Supabase confirms by e-mail). */
  readonly autoConfirmEmail: boolean;
  /** GoTrue's DISABLE_SIGNUP: no new accounts (existing users still sign in). */
  readonly disableSignup: boolean;
  /**
   * GoTrue's GOTRUE_RATE_LIMIT_HEADER (AUTH_RATE_LIMIT_HEADER): a header set by a trusted proxy, e.g.
   * x-forwarded-for, naming the client the auth rate limits count per. Unset: the socket's address.
   */
  readonly authRateLimitHeader: string | undefined;
  readonly revenueCatApiUrl: string;
  readonly revenueCatSecretKey: string;
  /**
   * RevenueCat public app key: ships in the SPA, which reads its own subscriber record with it
   * (RevenueCat lets public keys GET subscribers); the emulator accepts it for that call only.
   */
  readonly revenueCatPublicKey: string;
  /**
   * Where the `stripe` SDK of the functions and of the RevenueCat emulator sends requests: this server
   * (the Stripe emulator at /v1) unless STRIPE_API_URL points elsewhere (https://api.stripe.com).
   */
  readonly stripeApiUrl: string;
  /** Secret key the SDK sends to that API (STRIPE_SECRET_KEY; the emulator's local key by default). */
  readonly stripeApiKey: string;
  /** Signing secret of the webhook endpoint that delivers to /functions/v1/stripe-webhook. */
  readonly stripeWebhookSecret: string;
  /** Directory with the built SPA. */
  readonly distDir: string;
  /** Edge functions: supabase/functions (TypeScript, run from source) or their compiled copy. */
  readonly functionsDir: string;
  /**
   * FUNCTIONS_URL: an Edge Runtime (Deno) serving the same functions, e.g. scripts/serve-edge-functions.ts;
   * `/functions/v1/<name>` then checks the JWT as Supabase's gateway does and forwards there instead of
   * running the handler in this process.
   */
  readonly functionsUrl: string | undefined;
  /**
   * The SPA is built with a real Stripe publishable key (VITE_STRIPE_PUBLISHABLE_KEY), so it loads
   * Stripe.js from Stripe: the content security policy then allows Stripe's hosts.
   */
  readonly realStripeJs: boolean;
  /**
   * Origins of a Snowplow collector, Sentry ingest host or Confidence resolver the SPA is built to send
   * to (VITE_SNOWPLOW_COLLECTOR_URL, VITE_SENTRY_DSN, VITE_CONFIDENCE_CLIENT_SECRET /
   * VITE_CONFIDENCE_RESOLVER_URL): the content security policy lets it connect there.
   */
  readonly telemetryOrigins: readonly string[];
  /** The Iglu schemas (static repository layout) the local collector validates events against. */
  readonly igluSchemasDir: string;
  /** The Stripe emulator's secret key (`sk_test_...`): what the server SDK must send to /v1. */
  readonly stripeSecretKey: string;
  /** The Stripe emulator's publishable key (`pk_test_...`): what the browser sandbox sends. */
  readonly stripePublishableKey: string;
  /**
   * The Meta pixel id the functions' Conversions API events go to (META_PIXEL_ID); the browser's pixel
   * uses the same id (services/tracking/meta-pixel-settings.ts has the same local default).
   */
  readonly metaPixelId: string;
  /** Graph API base URL for the Conversions API: this stack's emulator (/meta/graph) or https://graph.facebook.com. */
  readonly metaGraphApiUrl: string;
  /** The Conversions API access token (META_ACCESS_TOKEN); the emulator accepts only this one. */
  readonly metaAccessToken: string;
  /**
   * The SPA is built with a real pixel id (VITE_META_PIXEL_ID), so it loads Meta's fbevents.js: the
   * content security policy then allows Meta's hosts.
   */
  readonly realMetaPixel: boolean;
  /**
   * The visitor's location when no CDN header names a country (GEO_DEFAULT_COUNTRY, GEO_DEFAULT_CITY,
   * GEO_DEFAULT_ZIPCODE): locally, and behind a CDN without geolocation. Country DE by default (prices
   * in eur, the spec's default currency); no city or postal code is invented (docs/decisions/0199-default-location-de.md).
   */
  readonly defaultLocation: DefaultLocation;
  /** Whether the secrets are the published local defaults (start-up says so). */
  readonly usingDefaultSecrets: boolean;
  /** The secrets (environment variable names) left at their well-known local defaults. */
  readonly defaultSecrets: readonly string[];
}

/** The same well-known local secret a `supabase start` uses: never valid anywhere but here. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_REVENUECAT_SECRET_KEY = 'sk_local_revenuecat_secret';
/**
 * Public by design (it is in the built SPA), so it is deliberately not named LOCAL_*: that prefix is
 * what scripts/check-dist-secrets.mjs treats as a secret. The SPA's default in
 * services/receipts/receipt-config.ts must match it.
 */
export const REVENUECAT_LOCAL_PUBLIC_KEY = 'rcb_local_revenuecat_public';
/** The Stripe emulator's default keys. Only the emulator accepts them; they are not Stripe keys. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_stripe_emulator';
/** Public by design (the browser sends it), hence not LOCAL_* (see REVENUECAT_LOCAL_PUBLIC_KEY). */
export const STRIPE_LOCAL_PUBLISHABLE_KEY = 'pk_test_local_stripe_emulator';
/** Public by design (the pixel id is in every page that loads the pixel), hence not LOCAL_*. */
export const META_LOCAL_PIXEL_ID = '1234567890123456';
/** What the local Conversions API emulator accepts; Meta's tokens are issued in Events Manager. */
export const LOCAL_META_ACCESS_TOKEN = 'local-meta-conversions-api-token';
/** The signing secret of the local webhook endpoint that delivers to stripe-webhook: valid only here. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_stripe_webhook_secret';

const flag = z.enum(['1', 'true', '0', 'false', '']).default('');
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('the port the stack listens on'),
  HOST: z.string().trim().min(1).default('localhost').describe('the address it listens on (localhost = this machine only)'),
  DEV_ROUTES: z.enum(['on', 'off']).default('on').describe('the /_dev pages without auth (mailbox, free subscriptions): on or off'),
  ALLOW_INSECURE_PUBLIC: flag.describe('listen beyond loopback despite local secrets'),
  PRINT_SERVICE_ROLE_KEY: flag.describe('print the service-role key at start-up'),
  SITE_URL: z.url().optional().describe('the public URL e-mailed links and redirects use'),
  DATA_DIR: z.string().min(1).default('.data').describe('where the embedded database keeps its files'),
  DATABASE_URL: z.string().min(1).optional().describe('a PostgreSQL server instead of the embedded database'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional().describe('signs access tokens and the anon and service-role keys'),
  JWT_ISSUER: z.string().min(1).optional().describe('the iss claim of access tokens'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600).describe('how long an access token lives'),
  AUTO_CONFIRM_EMAIL: z.enum(['true', 'false']).default('true').describe('new accounts are confirmed without an e-mail'),
  DISABLE_SIGNUP: z.enum(['true', 'false']).default('false').describe('refuse new accounts'),
  AUTH_RATE_LIMIT_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]*$/, 'AUTH_RATE_LIMIT_HEADER is a header name, e.g. x-forwarded-for')
    .default('')
    .describe('the header (set by a trusted proxy) naming the client the auth rate limits count per'),
  REVENUECAT_API_URL: z.url().optional().describe('where the functions reach RevenueCat'),
  REVENUECAT_SECRET_KEY: z.string().min(1).optional().describe('the RevenueCat secret key the functions send and the emulator accepts'),
  REVENUECAT_PUBLIC_KEY: z.string().min(1).optional().describe('the public app key the SPA reads entitlements with'),
  STRIPE_EMULATOR_SECRET_KEY: z.string().regex(/^sk_test_\w+$/, 'STRIPE_EMULATOR_SECRET_KEY must look like sk_test_...').optional().describe("the Stripe emulator's secret key"),
  STRIPE_EMULATOR_PUBLISHABLE_KEY: z.string().regex(/^pk_test_\w+$/, 'STRIPE_EMULATOR_PUBLISHABLE_KEY must look like pk_test_...').optional().describe("the Stripe emulator's publishable key"),
  STRIPE_API_URL: z.url().optional().describe('where the stripe SDK of the functions goes'),
  STRIPE_SECRET_KEY: z.string().min(1).optional().describe('the key that SDK sends'),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_').optional().describe('what stripe-webhook verifies deliveries with'),
  DIST_DIR: z.string().min(1).default('dist').describe('the built SPA'),
  FUNCTIONS_DIR: z.string().min(1).default('supabase/functions').describe('the Edge Functions the stack mounts'),
  FUNCTIONS_URL: z.url().optional().describe('a Deno runtime serving the functions, behind this gateway'),
  VITE_STRIPE_PUBLISHABLE_KEY: z.string().optional().describe('the build uses real Stripe.js: the CSP allows Stripe'),
  META_PIXEL_ID: z.string().regex(/^\d{5,20}$/, 'META_PIXEL_ID is the numeric pixel id from Events Manager').optional().describe('the pixel the Conversions API events go to'),
  META_GRAPH_API_URL: z.url().optional().describe('the Graph API base URL'),
  META_ACCESS_TOKEN: z.string().min(1).optional().describe('the Conversions API token'),
  VITE_META_PIXEL_ID: z.string().optional().describe("the build loads Meta's pixel: the CSP allows Meta"),
  VITE_META_PIXEL_SCRIPT_URL: z.string().optional().describe('where the build loads the pixel from'),
  // Empty means "unknown": the geolocation answers null for it (and eur for an unknown country).
  GEO_DEFAULT_COUNTRY: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => code === '' || isKnownCountry(code), 'GEO_DEFAULT_COUNTRY must be an ISO 3166-1 alpha-2 country code (e.g. DE) or empty')
    .default('DE').describe('the visitor country without a CDN header'),
  GEO_DEFAULT_CITY: z.string().trim().default('').describe('the visitor city without a CDN header'),
  GEO_DEFAULT_ZIPCODE: z.string().trim().default('').describe('the visitor postal code without a CDN header'),
  VITE_SNOWPLOW_COLLECTOR_URL: z.string().optional().describe('the build sends analytics there: the CSP allows it'),
  VITE_SENTRY_DSN: z.string().optional().describe('the build reports errors there: the CSP allows it'),
  VITE_CONFIDENCE_CLIENT_SECRET: z.string().optional().describe('the build resolves the flag at Confidence (eu) with it: the CSP allows the resolver'),
  VITE_CONFIDENCE_RESOLVER_URL: z.string().optional().describe('the build resolves the flag there: the CSP allows it'),
  IGLU_SCHEMAS_DIR: z.string().min(1).default('config/iglu/schemas').describe('the Iglu schemas the local collector validates against'),
});

/** Every variable the stack reads (.env.example lists them). */
export const serverEnvNames: readonly string[] = Object.keys(envSchema.shape);

/**
 * Parses the environment; throws with every problem listed when something is malformed, or when the
 * server would listen beyond this machine with what only this machine may have (publicExposureProblems).
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = environmentProblems(envSchema.shape, parsed.error).map((line) => `  ${line}`);
    throw new Error(`Invalid server environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const defaultSecrets = [
    ...(e.JWT_SECRET === undefined ? ['JWT_SECRET'] : []),
    ...(e.REVENUECAT_SECRET_KEY === undefined ? ['REVENUECAT_SECRET_KEY'] : []),
    ...(e.STRIPE_EMULATOR_SECRET_KEY === undefined ? ['STRIPE_EMULATOR_SECRET_KEY'] : []),
    // Anyone knowing the published local signing secret could post forged Stripe events.
    ...(e.STRIPE_WEBHOOK_SECRET === undefined ? ['STRIPE_WEBHOOK_SECRET'] : []),
  ];
  const config: ServerConfig = {
    port: e.PORT,
    host: e.HOST,
    devRoutes: e.DEV_ROUTES === 'on',
    allowInsecurePublic: isOn(e.ALLOW_INSECURE_PUBLIC),
    printServiceRoleKey: isOn(e.PRINT_SERVICE_ROLE_KEY),
    siteUrl,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? LOCAL_JWT_SECRET,
    jwtIssuer: e.JWT_ISSUER ?? `${siteUrl}/auth/v1`,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    autoConfirmEmail: e.AUTO_CONFIRM_EMAIL === 'true',
    disableSignup: e.DISABLE_SIGNUP === 'true',
    authRateLimitHeader: e.AUTH_RATE_LIMIT_HEADER === '' ? undefined : e.AUTH_RATE_LIMIT_HEADER,
    revenueCatApiUrl: (e.REVENUECAT_API_URL ?? `${siteUrl}/revenuecat/v1`).replace(/\/$/, ''),
    revenueCatSecretKey: e.REVENUECAT_SECRET_KEY ?? LOCAL_REVENUECAT_SECRET_KEY,
    revenueCatPublicKey: e.REVENUECAT_PUBLIC_KEY ?? REVENUECAT_LOCAL_PUBLIC_KEY,
    stripeSecretKey: e.STRIPE_EMULATOR_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_EMULATOR_PUBLISHABLE_KEY ?? STRIPE_LOCAL_PUBLISHABLE_KEY,
    stripeApiUrl: (e.STRIPE_API_URL ?? siteUrl).replace(/\/$/, ''),
    stripeApiKey: e.STRIPE_SECRET_KEY ?? e.STRIPE_EMULATOR_SECRET_KEY ?? LOCAL_STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET ?? LOCAL_STRIPE_WEBHOOK_SECRET,
    distDir: resolve(e.DIST_DIR),
    functionsDir: resolve(e.FUNCTIONS_DIR),
    functionsUrl: e.FUNCTIONS_URL?.replace(/\/$/, ''),
    realStripeJs: /^pk_(live|test)_/.test(e.VITE_STRIPE_PUBLISHABLE_KEY?.trim() ?? ''),
    metaPixelId: e.META_PIXEL_ID ?? META_LOCAL_PIXEL_ID,
    metaGraphApiUrl: (e.META_GRAPH_API_URL ?? `${siteUrl}/meta/graph`).replace(/\/$/, ''),
    metaAccessToken: e.META_ACCESS_TOKEN ?? LOCAL_META_ACCESS_TOKEN,
    // Same rule as services/tracking/meta-pixel-settings.ts: a pixel id without a script URL means Meta's script.
    realMetaPixel: (e.VITE_META_PIXEL_ID?.trim() ?? '') !== '' && (e.VITE_META_PIXEL_SCRIPT_URL?.trim() ?? '') === '',
    defaultLocation: {
      countryCode: e.GEO_DEFAULT_COUNTRY === '' ? null : e.GEO_DEFAULT_COUNTRY,
      city: e.GEO_DEFAULT_CITY === '' ? null : e.GEO_DEFAULT_CITY,
      zipCode: e.GEO_DEFAULT_ZIPCODE === '' ? null : e.GEO_DEFAULT_ZIPCODE,
    },
    // The resolver by the browser's own rule; the local default (this site, a placeholder origin here) adds nothing.
    telemetryOrigins: [e.VITE_SNOWPLOW_COLLECTOR_URL, e.VITE_SENTRY_DSN, flagSettings(e, SAME_SITE).resolverUrl]
      .flatMap((value) => originOf(value))
      .filter((origin) => origin !== SAME_SITE),
    igluSchemasDir: resolve(e.IGLU_SCHEMAS_DIR),
    usingDefaultSecrets: e.JWT_SECRET === undefined,
    defaultSecrets,
  };
  const problems = publicExposureProblems(config);
  if (problems.length > 0) {
    throw new Error(
      [
        `Refusing to listen on ${config.host}: it is not a loopback address, and anyone who can reach it could take over any account:`,
        ...problems.map((problem) => `  - ${problem}`),
        'Listen on this machine only (unset HOST, or HOST=localhost), fix the above, or, on a network that is yours',
        'alone, set ALLOW_INSECURE_PUBLIC=1 to start anyway.',
      ].join('\n'),
    );
  }
  return config;
}

/** Whether a HOST value reaches this machine only: `localhost`, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare) || /^::ffff:127(?:\.\d{1,3}){3}$/.test(bare);
}

/**
 * What makes listening beyond loopback unsafe: the well-known local secrets sign anyone's tokens, and
 * the dev routes hand out recovery links and subscriptions without auth. Empty on loopback, and when
 * ALLOW_INSECURE_PUBLIC says the operator knows.
 */
export function publicExposureProblems(config: ServerConfig): string[] {
  if (isLoopbackHost(config.host) || config.allowInsecurePublic) return [];
  return [
    ...config.defaultSecrets.map((name) => `${name} is the well-known local default: set ${name} to a secret of your own`),
    ...(config.devRoutes
      ? ['the dev routes /_dev/mail (recovery links) and /_dev/revenuecat/subscriptions (free subscriptions) answer without auth: set DEV_ROUTES=off']
      : []),
  ];
}

function isOn(value: string): boolean {
  return value === '1' || value === 'true';
}

/** Stands for the page's own origin where a browser setting defaults to it ('self' covers it already). */
const SAME_SITE = 'http://same-site.invalid';

/** The origin of a configured URL or DSN (`https://key@o1.ingest.sentry.io/1` -> `https://o1.ingest.sentry.io`). */
function originOf(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  try {
    return [new URL(value.trim()).origin];
  } catch {
    return [];
  }
}
