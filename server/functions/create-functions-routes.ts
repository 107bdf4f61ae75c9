import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PostgrestClient } from '@supabase/postgrest-js';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { FunctionDeps, FunctionModule } from '../../supabase/functions/_shared/function-handler';
import { createRevenueCatClient } from '../../supabase/functions/_shared/revenuecat-client';
import type { ApiKeys } from '../api-keys';
import type { ServerConfig } from '../config';
import { InvalidJwtError, bearerToken, requestClaims } from '../request-claims';

export const defaultFunctionsDirectory = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../supabase/functions');

export interface FunctionsRoutesDeps {
  readonly config: Pick<ServerConfig, 'jwtSecret' | 'siteUrl' | 'revenueCatApiUrl' | 'revenueCatSecretKey'>;
  readonly apiKeys: ApiKeys;
  /** Reaches this server in-process for the clients handlers get (see createLocalFetch). */
  readonly fetch: typeof fetch;
  readonly functionsDirectory?: string;
}

// Folder names Supabase deploys as functions; `_shared` and friends are not callable.
const FUNCTION_NAME = /^[a-z0-9][a-z0-9_-]*$/;

function isFunctionModule(value: unknown): value is FunctionModule {
  return typeof value === 'object' && value !== null && 'handler' in value && typeof value.handler === 'function';
}

/** Supabase's edge gateway answers these before a function runs. */
function unauthorized(c: Context, message: string): Response {
  return c.json({ code: 401, message }, 401);
}

/**
 * `/functions/v1/<name>`: runs `supabase/functions/<name>/index.ts`'s `handler` after verifying the
 * caller's access token, with the user, a database client carrying their JWT (RLS applies), a
 * service-role client only for modules that ask, and a RevenueCat client from REVENUECAT_* settings.
 */
export function createFunctionsRoutes({ config, apiKeys, fetch: localFetch, functionsDirectory = defaultFunctionsDirectory }: FunctionsRoutesDeps): Hono {
  const app = new Hono();
  const modules = new Map<string, Promise<FunctionModule | undefined>>();
  const restUrl = `${config.siteUrl}/rest/v1`;
  const revenueCat = createRevenueCatClient({ apiUrl: config.revenueCatApiUrl, secretKey: config.revenueCatSecretKey, fetch: localFetch });

  function loadModule(name: string): Promise<FunctionModule | undefined> {
    let loaded = modules.get(name);
    if (loaded === undefined) {
      // index.ts when run from source (tsx, tests); index.mjs when run from dist-server/ (npm start).
      const file = ['index.ts', 'index.mjs'].map((entry) => join(functionsDirectory, name, entry)).find((path) => existsSync(path));
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

    const deps: FunctionDeps = {
      user: { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : null, role: verified.role, claims },
      accessToken: token,
      db: database(token),
      serviceDb: module.needsServiceRole === true ? database(apiKeys.serviceRoleKey) : undefined,
      revenueCat,
      env: (variable) => process.env[variable],
    };
    try {
      return await module.handler(c.req.raw, deps);
    } catch (error) {
      console.error(`Function ${name} failed`, error);
      return c.json({ code: 'FUNCTION_ERROR', message: `Function ${name} failed` }, 500);
    }
  });

  return app;
}
