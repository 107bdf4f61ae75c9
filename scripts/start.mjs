// `npm start`: compiles the server when its sources changed (scripts/build-server.mjs), builds the app
// when any of its inputs changed since the last build (scripts/build-inputs.mjs: source contents and
// the environment the build reads, recorded in dist/.build-inputs.json), checks a new build for
// secrets, then runs the local stack in this process. A restart with nothing changed builds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appEnvNames, appSourcePaths, buildInputs, recordInputs, staleReason } from './build-inputs.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

function fail(message) {
  console.error(message);
  process.exit(1);
}

const { appBuildEnvEntry, buildServer, serverBuildStaleReason, serverEntry } = await import('./build-server.mjs');
const serverReason = serverBuildStaleReason();
if (serverReason !== undefined) {
  console.log(`Compiling the server (${serverReason})...`);
  await buildServer();
}

if (existsSync(join(root, 'index.html'))) {
  // The public keys the app needs to talk to this stack (a JWT_SECRET of your own means another anon key).
  const { appBuildEnv } = await import(pathToFileURL(appBuildEnvEntry).href);
  let derived;
  try {
    derived = await appBuildEnv(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const env = { ...process.env, ...derived };
  const inputs = buildInputs({ root, paths: appSourcePaths, env, envNames: appEnvNames });
  const reason = staleReason(distDir, 'index.html', inputs);
  if (reason !== undefined) {
    console.log(`Building the app (${reason})...`);
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, env, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
    const check = spawnSync(process.execPath, [join(root, 'scripts/check-dist-secrets.mjs'), distDir], { cwd: root, env, stdio: 'inherit' });
    if (check.status !== 0) process.exit(check.status ?? 1);
    // Recorded last: a build that failed or held a secret is rebuilt next time.
    recordInputs(distDir, inputs);
  }
} else {
  console.log('No index.html: the app is not part of this checkout yet; serving the API only.');
}

process.env.FUNCTIONS_DIR ??= join(root, 'dist-server', 'supabase', 'functions');
await import(pathToFileURL(serverEntry).href);
