import { spawn } from 'node:child_process';
import { denoBinary, denoEnv, edgeFunctionsServer, functionsConfig } from '../../../scripts/deno-runtime.mjs';
import type { ServerConfig } from '../../../server/config';
import type { ApiKeys } from '../../../server/api-keys';

export interface EdgeRuntime {
  readonly url: string;
  /** Everything it printed (the functions' console.error lands here). */
  readonly output: () => string;
  readonly close: () => Promise<void>;
}

/**
 * FUNCTIONS_RUNTIME=deno: the test servers forward /functions/v1 to the functions running under Deno
 * (scripts/serve-edge-functions.ts), with the environment Supabase and `supabase secrets` would give them.
 */
export const edgeRuntimeRequested = process.env.FUNCTIONS_RUNTIME === 'deno';

export async function startEdgeRuntime(port: number, config: ServerConfig, apiKeys: ApiKeys): Promise<EdgeRuntime> {
  const env = denoEnv({
    EDGE_FUNCTIONS_PORT: String(port),
    SUPABASE_URL: config.siteUrl,
    SUPABASE_ANON_KEY: apiKeys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: apiKeys.serviceRoleKey,
    STRIPE_SECRET_KEY: config.stripeApiKey,
    STRIPE_API_URL: config.stripeApiUrl,
    STRIPE_WEBHOOK_SECRET: config.stripeWebhookSecret,
    STRIPE_PAYMENT_METHOD_TYPES: 'card,paypal',
    // The customer e-mails go to the stack's mailbox, as the in-process runner's default does.
    MAIL_API_URL: `${config.siteUrl}/_dev/mail`,
    REVENUECAT_API_URL: config.revenueCatApiUrl,
    REVENUECAT_SECRET_KEY: config.revenueCatSecretKey,
    META_PIXEL_ID: config.metaPixelId,
    META_GRAPH_API_URL: config.metaGraphApiUrl,
    META_ACCESS_TOKEN: config.metaAccessToken,
  });
  const child = spawn(denoBinary, ['run', '--frozen', '--config', functionsConfig, '--allow-net', '--allow-env', '--allow-read', edgeFunctionsServer], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Deno edge functions did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      if (output.includes('Edge functions (')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Deno edge functions exited at start-up:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
