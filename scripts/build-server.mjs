// Compiles the local stack (server/ and supabase/functions/) to plain JavaScript in dist-server/, so
// `npm start` runs it with node alone: transpiling TypeScript at every start (tsx) costs about a
// second. The layout mirrors the sources (dist-server/server/main.mjs, dist-server/supabase/functions/
// <name>/index.mjs) so the paths the server resolves from its own location still point at the repo's
// migrations and at the compiled functions. npm packages stay external (node_modules is there).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
export const serverOutDir = join(root, 'dist-server');
export const serverEntry = join(serverOutDir, 'server', 'main.mjs');
const inputs = ['server', 'supabase/functions', 'engine', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stats.mtimeMs);
}

/** True when dist-server/ is missing or older than the server's sources. */
export function serverBuildIsStale() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  return builtAt === 0 || inputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

export async function buildServer() {
  const functionsDir = join(root, 'supabase', 'functions');
  const functionEntries = readdirSync(functionsDir)
    .filter((name) => /^[a-z0-9][a-z0-9_-]*$/.test(name) && existsSync(join(functionsDir, name, 'index.ts')))
    .map((name) => ({ in: join(functionsDir, name, 'index.ts'), out: `supabase/functions/${name}/index` }));
  await build({
    entryPoints: [{ in: join(root, 'server', 'main.ts'), out: 'server/main' }, ...functionEntries],
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
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
