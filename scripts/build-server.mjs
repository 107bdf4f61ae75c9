// Compiles the local stack (server/ and supabase/functions/) to plain JavaScript in dist-server/, so
// `npm start` runs it with node alone: transpiling TypeScript at every start (tsx) costs about a
// second. The layout mirrors the sources (dist-server/server/main.mjs, dist-server/supabase/functions/
// <name>/handler.mjs) so the paths the server resolves from its own location still point at the repo's
// migrations and at the compiled functions. npm packages stay external (node_modules is there).
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildInputs, recordInputs, staleReason } from './build-inputs.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const serverOutDir = join(root, 'dist-server');
export const serverEntry = join(serverOutDir, 'server', 'main.mjs');
/** The public keys the app build must share with the server (server/app-build-env.ts), compiled for start.mjs. */
export const appBuildEnvEntry = join(serverOutDir, 'server', 'app-build-env.mjs');
// Everything esbuild reads; the config/ files are read at run time, not bundled.
const inputPaths = ['server', 'supabase/functions', 'engine', 'services', 'package-lock.json', 'scripts/build-server.mjs'];

function currentInputs() {
  return buildInputs({ root, paths: inputPaths, env: {}, envNames: [] });
}

/** Why dist-server/ must be rebuilt (missing, or its sources' content changed), or undefined. */
export function serverBuildStaleReason() {
  return staleReason(serverOutDir, 'server/main.mjs', currentInputs());
}

export async function buildServer() {
  // Taken before compiling: a source edited during the build then counts as a change next time.
  const inputs = currentInputs();
  const functionsDir = join(root, 'supabase', 'functions');
  const functionEntries = readdirSync(functionsDir)
    .filter((name) => /^[a-z0-9][a-z0-9_-]*$/.test(name) && existsSync(join(functionsDir, name, 'handler.ts')))
    .map((name) => ({ in: join(functionsDir, name, 'handler.ts'), out: `supabase/functions/${name}/handler` }));
  await build({
    entryPoints: [
      { in: join(root, 'server', 'main.ts'), out: 'server/main' },
      { in: join(root, 'server', 'app-build-env.ts'), out: 'server/app-build-env' },
      ...functionEntries,
    ],
    outdir: serverOutDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  recordInputs(serverOutDir, inputs);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
