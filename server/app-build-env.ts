import { createApiKeys } from './api-keys';
import { loadServerConfig } from './config';

/**
 * The browser build's public keys that must match this stack's configuration. The SPA defaults to the
 * keys of the local default secrets, so a stack started with its own JWT_SECRET (or RevenueCat or
 * Stripe emulator key) would serve a build whose every request is refused. `npm start`
 * (scripts/start.mjs) passes these to `vite build` and records them with the build, so a change
 * rebuilds. A value set explicitly wins, and nothing is derived for a service the build points
 * elsewhere (its own VITE_*_URL). Only public keys come out of here: never a secret.
 */
export async function appBuildEnv(env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  const config = loadServerConfig(env);
  const derived: Record<string, string> = {};
  if (nonEmpty(env.VITE_SUPABASE_URL) === undefined && nonEmpty(env.VITE_SUPABASE_ANON_KEY) === undefined) {
    derived.VITE_SUPABASE_ANON_KEY = (await createApiKeys(config)).anonKey;
  }
  if (nonEmpty(env.VITE_REVENUECAT_API_URL) === undefined && nonEmpty(env.VITE_REVENUECAT_PUBLIC_KEY) === undefined) {
    derived.VITE_REVENUECAT_PUBLIC_KEY = config.revenueCatPublicKey;
  }
  const usesSandbox = nonEmpty(env.VITE_STRIPE_PUBLISHABLE_KEY) === undefined && nonEmpty(env.VITE_STRIPE_SANDBOX_URL) === undefined;
  if (usesSandbox && nonEmpty(env.VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY) === undefined) {
    derived.VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY = config.stripePublishableKey;
  }
  return derived;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
