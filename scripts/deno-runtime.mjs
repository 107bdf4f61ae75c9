// The Deno runtime the Edge Functions run on in tests and `npm run functions:deno`: the binary from the
// `deno` npm package (no other download), its cache in node_modules/.cache/deno, npm packages from the
// npm registry (the functions' import map, supabase/functions/deno.json, uses npm: specifiers only),
// versions pinned by supabase/functions/deno.lock.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

export const denoBinary = join(root, 'node_modules', '.bin', 'deno');
export const functionsConfig = join(root, 'supabase', 'functions', 'deno.json');
export const edgeFunctionsServer = join(root, 'scripts', 'serve-edge-functions.ts');

// How this machine reaches the npm registry (a proxy, a company CA): passed on, nothing else of the parent's.
const networkSettings = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'DENO_CERT', 'DENO_TLS_CA_STORE', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy'];

/**
 * The environment a Deno child gets on top of `extra`: cache dir, no update check, no colours in logs.
 * Not the parent's whole environment: the functions must see only what a deployment would give them.
 */
export function denoEnv(extra = {}) {
  return {
    ...Object.fromEntries(networkSettings.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]]))),
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DENO_DIR: process.env.DENO_DIR ?? join(root, 'node_modules', '.cache', 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    // Trust what the operating system trusts too (a proxy's CA), as npm and Node do here.
    DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'mozilla,system',
    NO_COLOR: '1',
    ...(process.env.NPM_CONFIG_REGISTRY === undefined ? {} : { NPM_CONFIG_REGISTRY: process.env.NPM_CONFIG_REGISTRY }),
    ...extra,
  };
}
