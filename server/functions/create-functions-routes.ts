import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PostgrestClient } from '@supabase/postgrest-js';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import type { FunctionDeps, FunctionModule, PublicFunctionDeps } from '../../supabase/functions/_shared/function-handler';
import { createRevenueCatClient } from '../../supabase/functions/_shared/revenuecat-client';
import { signedInUser } from '../../supabase/functions/_shared/signed-in-user';
import { createStripeClient } from '../../supabase/functions/_shared/stripe-client';
import type { ApiKeys } from '../api-keys';
import type { ServerConfig } from '../config';
import { InvalidJwtError, bearerToken, requestClaims } from '../request-claims';

export const defaultFunctionsDirectory = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../supabase/functions');
/** Supabase CLI's project file; its `[functions.<name>] verify_jwt` is the per-function setting. */
export const defaultSupabaseConfigFile = resolve(defaultFunctionsDirectory, '../config.toml');

export interface FunctionsRoutesDeps {
  readonly config: Pick<
    ServerConfig,
    | 'jwtSecret'
    | 'siteUrl'
    | 'revenueCatApiUrl'
    | 'revenueCatSecretKey'
    | 'stripeApiUrl'
    | 'stripeApiKey'
    | 'stripeWebhookSecret'
    | 'metaPixelId'
    | 'metaGraphApiUrl'
    | 'metaAccessToken'
    | 'functionsUrl'
  >;
  readonly apiKeys: ApiKeys;
  /** Reaches this server in-process for the clients handlers get (see createLocalFetch). */
  readonly fetch: typeof fetch;
  readonly functionsDirectory?: string;
  readonly supabaseConfigFile?: string;
}

const supabaseConfigSchema = z.object({
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean().optional() }).loose()).optional(),
}).loose();

/** Function names whose JWT check is off (`verify_jwt = false`), read once at start-up. */
export function functionsWithoutJwtCheck(configFile: string): ReadonlySet<string> {
  if (!existsSync(configFile)) return new Set();
  const parsed = supabaseConfigSchema.safeParse(parseToml(readFileSync(configFile, 'utf8')));
  if (!parsed.success) throw new Error(`${configFile}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return new Set(Object.entries(parsed.data.functions ?? {}).filter(([, settings]) => settings.verify_jwt === false).map(([name]) => name));
}

// Folder names Supabase deploys as functions; `_shared` and friends are not callable.
const FUNCTION_NAME = /^[a-z0-9][a-z0-9_-]*$/;

function isFunctionModule(value: unknown): value is FunctionModule {
  if (typeof value !== 'object' || value === null) return false;
  const handler = 'handler' in value ? value.handler : undefined;
  const publicHandler = 'publicHandler' in value ? value.publicHandler : undefined;
  return typeof handler === 'function' || typeof publicHandler === 'function';
}

/** Supabase's edge gateway answers these before a function runs. */
function unauthorized(c: Context, message: string): Response {
  return c.json({ code: 401, message }, 401);
}

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/handler.ts`'s `handler` after verifying the
 * caller's access token and looking its user up in Auth, with the user, a database client carrying
 * their JWT (RLS applies), a service-role client only for modules that ask, and a RevenueCat client
 * from REVENUECAT_* settings.
 */
export function createFunctionsRoutes({
  config,
  apiKeys,
  fetch: localFetch,
  functionsDirectory = defaultFunctionsDirectory,
  supabaseConfigFile = defaultSupabaseConfigFile,
}: FunctionsRoutesDeps): Hono {
  const app = new Hono();
  const modules = new Map<string, Promise<FunctionModule | undefined>>();
  const restUrl = `${config.siteUrl}/rest/v1`;
  const revenueCat = createRevenueCatClient({ apiUrl: config.revenueCatApiUrl, secretKey: config.revenueCatSecretKey, fetch: localFetch });
  const stripe = createStripeClient({ secretKey: config.stripeApiKey, apiUrl: config.stripeApiUrl, fetch: localFetch });
  const withoutJwtCheck = functionsWithoutJwtCheck(supabaseConfigFile);
  // Function secrets as Supabase would set them; the local stack's defaults fill what the shell leaves unset.
  const functionEnv: Readonly<Record<string, string>> = {
    STRIPE_API_URL: config.stripeApiUrl,
    STRIPE_SECRET_KEY: config.stripeApiKey,
    STRIPE_WEBHOOK_SECRET: config.stripeWebhookSecret,
    REVENUECAT_API_URL: config.revenueCatApiUrl,
    REVENUECAT_SECRET_KEY: config.revenueCatSecretKey,
    SUPABASE_URL: config.siteUrl,
    META_PIXEL_ID: config.metaPixelId,
    META_GRAPH_API_URL: config.metaGraphApiUrl,
    META_ACCESS_TOKEN: config.metaAccessToken,
  };
  // Settings a deployment chooses for itself; locally the sandbox offers cards and PayPal (the spec's order).
  // The customer e-mails go to the local mailbox (its Mailpit send API) unless MAIL_API_URL names a service.
  const localDefaults: Readonly<Record<string, string>> = { STRIPE_PAYMENT_METHOD_TYPES: 'card,paypal', MAIL_API_URL: `${config.siteUrl}/_dev/mail` };
  const env = (variable: string): string | undefined => functionEnv[variable] ?? process.env[variable] ?? localDefaults[variable];

  function loadModule(name: string): Promise<FunctionModule | undefined> {
    let loaded = modules.get(name);
    if (loaded === undefined) {
      // handler.ts when run from source (tsx, tests); handler.mjs when run from dist-server/ (npm start).
      // index.ts next to it is the Deno entry Supabase deploys, which wraps the same handler.
      const file = ['handler.ts', 'handler.mjs'].map((entry) => join(functionsDirectory, name, entry)).find((path) => existsSync(path));
      loaded = file !== undefined
        ? import(pathToFileURL(file).href).then((module: unknown) => (isFunctionModule(module) ? module : undefined))
        : Promise.resolve(undefined);
      modules.set(name, loaded);
    }
    return loaded;
  }

  function database(token: string): PostgrestClient {
    return new PostgrestClient(restUrl, { headers: { apikey: apiKeys.anonKey, Authorization: `Bearer ${token}` }, fetch: localFetch });
  }

  app.all('/:name', async (c) => {
    const name = c.req.param('name');
    const module = FUNCTION_NAME.test(name) ? await loadModule(name) : undefined;
    if (module === undefined) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    const publicDeps: PublicFunctionDeps = {
      serviceDb: module.needsServiceRole === true ? database(apiKeys.serviceRoleKey) : undefined,
      revenueCat,
      stripe,
      env,
      fetch: localFetch,
    };

    if (withoutJwtCheck.has(name)) {
      const { publicHandler } = module;
      if (publicHandler === undefined) return misconfigured(c, name, 'verify_jwt = false but no publicHandler export');
      if (config.functionsUrl !== undefined) return forward(c, name, `${config.functionsUrl}/${name}`);
      return run(c, name, () => publicHandler(c.req.raw, publicDeps));
    }
    const { handler } = module;
    if (handler === undefined) return misconfigured(c, name, 'no handler export (a publicHandler needs verify_jwt = false in supabase/config.toml)');

    const token = bearerToken(c.req.header('authorization'));
    if (token === undefined) return unauthorized(c, 'Missing authorization header');
    let verified;
    try {
      verified = await requestClaims(c.req.raw.headers, config);
    } catch (error) {
      if (error instanceof InvalidJwtError) return unauthorized(c, 'Invalid JWT');
      throw error;
    }
    const { claims } = verified;
    if (verified.role !== 'authenticated' || !('sub' in claims) || typeof claims.sub !== 'string') {
      return unauthorized(c, 'A signed-in user is required');
    }

    const { functionsUrl } = config;
    if (functionsUrl !== undefined) return forward(c, name, `${functionsUrl}/${name}`);

    return run(c, name, async () => {
      // As deployed (edge-function.ts): the user comes from Auth, so a signed-out session or a deleted
      // user is refused here too rather than acted for until the token expires.
      const user = await signedInUser(localFetch, config.siteUrl, apiKeys.anonKey, token);
      if (user === undefined || user.id !== claims.sub) return unauthorized(c, 'Invalid JWT');
      const deps: FunctionDeps = {
        ...publicDeps,
        user: { id: user.id, email: user.email, role: verified.role, claims },
        accessToken: token,
        db: database(token),
      };
      return handler(c.req.raw, deps);
    });
  });

  return app;
}

async function run(c: Context, name: string, call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    console.error(`Function ${name} failed`, error);
    return c.json({ code: 'FUNCTION_ERROR', message: `Function ${name} failed` }, 500);
  }
}

/**
 * Supabase's gateway in front of the Edge Runtime: the request as it came (the JWT already checked
 * above for `verify_jwt = true`), the function's answer as it is. Uncompressed (accept-encoding:
 * identity), so the bytes pass through unchanged.
 */
async function forward(c: Context, name: string, target: string): Promise<Response> {
  const request = c.req.raw;
  const headers = new Headers(request.headers);
  for (const header of ['host', 'connection', 'content-length']) headers.delete(header);
  // fetch would otherwise ask for gzip and hand back decoded bytes under the runtime's content-encoding.
  headers.set('accept-encoding', 'identity');
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  try {
    const answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  } catch (error) {
    console.error(`Function ${name}: the Edge Runtime at ${target} did not answer`, error);
    return c.json({ code: 'BOOT_ERROR', message: `Function ${name} is not available` }, 503);
  }
}

function misconfigured(c: Context, name: string, problem: string): Response {
  console.error(`Function ${name} is misconfigured: ${problem}`);
  return c.json({ code: 'FUNCTION_ERROR', message: `Function ${name} failed` }, 500);
}
