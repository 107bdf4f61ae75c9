import { PostgrestClient } from '@supabase/postgrest-js';
import { decodeJwt } from 'jose';
import type { FunctionDeps, FunctionModule, PublicFunctionDeps } from './function-handler.ts';
import { functionsEnv } from './functions-env.ts';
import type { FunctionsEnv } from './functions-env.ts';
import { createRevenueCatClient } from './revenuecat-client.ts';
import { signedInUser } from './signed-in-user.ts';
import { createStripeClient } from './stripe-client.ts';

export interface EdgeFunctionOptions {
  /** Reads a variable; `Deno.env.get` in an entry. */
  readonly env: (name: string) => string | undefined;
  readonly fetch?: typeof fetch;
}

/** The error shape of Supabase's gateway, which answers before a function runs. */
function unauthorized(message: string): Response {
  return Response.json({ code: 401, message }, { status: 401 });
}

function bearerToken(request: Request): string | undefined {
  return /^bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

/**
 * What `supabase/functions/<name>/index.ts` hands to `Deno.serve`: the module's handler with the
 * dependencies the local stack's runner (server/functions/create-functions-routes.ts) gives it, built
 * from the function's environment (SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are set
 * by Supabase; the rest are `supabase secrets`). The environment is parsed here, at start-up, so a
 * deployment with a missing secret fails on its first cold start with the variable's name.
 *
 * With `verify_jwt = true` Supabase's gateway has checked the JWT's signature before this runs; the
 * user still comes from Auth (`GET /auth/v1/user`), which also refuses a signed-out session, so the
 * handler acts only for a live account and never for claims it merely decoded.
 */
export function edgeFunction(module: FunctionModule, options: EdgeFunctionOptions): (request: Request) => Promise<Response> {
  const env: FunctionsEnv = functionsEnv(options.env);
  const doFetch = options.fetch ?? fetch;
  const restUrl = `${env.SUPABASE_URL}/rest/v1`;
  const database = (token: string) =>
    new PostgrestClient(restUrl, { headers: { apikey: env.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` }, fetch: doFetch });
  const publicDeps: PublicFunctionDeps = {
    serviceDb: module.needsServiceRole === true ? database(env.SUPABASE_SERVICE_ROLE_KEY) : undefined,
    revenueCat: createRevenueCatClient({ apiUrl: env.REVENUECAT_API_URL, secretKey: env.REVENUECAT_SECRET_KEY, fetch: doFetch }),
    stripe: createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL, fetch: doFetch }),
    env: (name) => options.env(name),
    fetch: doFetch,
  };

  async function run(request: Request): Promise<Response> {
    const { handler, publicHandler } = module;
    if (publicHandler !== undefined) return publicHandler(request, publicDeps);
    if (handler === undefined) throw new Error('The function module exports neither handler nor publicHandler');
    const token = bearerToken(request);
    if (token === undefined) return unauthorized('Missing authorization header');
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(token);
    } catch {
      return unauthorized('Invalid JWT');
    }
    if (claims.role !== 'authenticated') return unauthorized('A signed-in user is required');
    const user = await signedInUser(doFetch, env.SUPABASE_URL, env.SUPABASE_ANON_KEY, token);
    if (user === undefined || user.id !== claims.sub) return unauthorized('Invalid JWT');
    const deps: FunctionDeps = {
      ...publicDeps,
      user: { id: user.id, email: user.email, role: 'authenticated', claims },
      accessToken: token,
      db: database(token),
    };
    return handler(request, deps);
  }

  return async (request) => {
    try {
      return await run(request);
    } catch (error) {
      // The same answer the local stack's runner gives; the details go to the function's log.
      console.error('Function failed', error);
      return Response.json({ code: 'FUNCTION_ERROR', message: 'Function failed' }, { status: 500 });
    }
  };
}
