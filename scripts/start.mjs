// `npm start`: builds the app only when dist/ is missing or older than its sources (so a restart is
// fast), checks the build for secrets, compiles the server when it changed (scripts/build-server.mjs),
// then runs the local stack in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');
// Everything Vite reads for the SPA; server-only folders are not here, they do not affect dist/.
const buildInputs = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'screens', 'engine', 'services', 'flows', 'public', 'src'];
const skipped = new Set(['node_modules', '.git', 'dist', '.data']);

function newestMtime(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (skipped.has(entry) || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIfStale() {
  if (!existsSync(join(root, 'index.html'))) {
    console.log('No index.html: the app is not part of this checkout yet; serving the API only.');
    return;
  }
  const builtAt = newestMtime(join(distDir, 'index.html'));
  const sourcesAt = Math.max(...buildInputs.map((input) => newestMtime(join(root, input))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? 'Building the app (no dist/ yet)...' : 'Building the app (sources changed since the last build)...');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const check = spawnSync(process.execPath, [join(root, 'scripts/check-dist-secrets.mjs'), distDir], { cwd: root, stdio: 'inherit' });
  if (check.status !== 0) process.exit(check.status ?? 1);
}

buildIfStale();
const { buildServer, serverBuildIsStale, serverEntry } = await import('./build-server.mjs');
if (serverBuildIsStale()) await buildServer();
process.env.FUNCTIONS_DIR ??= join(root, 'dist-server', 'supabase', 'functions');
await import(pathToFileURL(serverEntry).href);
