import { SignJWT } from 'jose';
import type { ServerConfig } from './config';

export interface ApiKeys {
  /** Public key the SPA ships with: a JWT with role anon, like Supabase's anon key. */
  readonly anonKey: string;
  /** Server-only key that bypasses RLS: a JWT with role service_role. Never put it in the client. */
  readonly serviceRoleKey: string;
}

// Fixed issue and expiry times keep the keys the same on every start for the same secret, as a
// `supabase start` does, so a built SPA keeps working across restarts.
const ISSUED_AT = 1_700_000_000;
const EXPIRES_AT = 2_000_000_000;

async function signApiKey(role: 'anon' | 'service_role', config: Pick<ServerConfig, 'jwtSecret'>): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase-demo')
    .setIssuedAt(ISSUED_AT)
    .setExpirationTime(EXPIRES_AT)
    .sign(new TextEncoder().encode(config.jwtSecret));
}

/** The anon and service-role keys for this config's JWT secret. */
export async function createApiKeys(config: Pick<ServerConfig, 'jwtSecret'>): Promise<ApiKeys> {
  const [anonKey, serviceRoleKey] = await Promise.all([signApiKey('anon', config), signApiKey('service_role', config)]);
  return { anonKey, serviceRoleKey };
}
