// `npm start`: compiles the server when its sources changed (scripts/build-server.mjs), builds the app
// when any of its inputs changed since the last build (scripts/build-inputs.mjs: source contents and
// the environment the build reads, recorded in dist/.build-inputs.json), checks a new build for
// secrets, then runs the local stack in this process. A restart with nothing changed builds nothing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appEnvNames, appSourcePaths, buildInputs, recordInputs, staleReason } from './build-inputs.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * Runs a build step as a child and resolves with its exit code. A SIGINT or SIGTERM meanwhile (a process
 * manager stopping `npm start`) goes to the step, and this script ends with it: nothing is left running.
 */
function runStep(args, env) {
  return new Promise((resolveStep) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    let stoppedBy;
    const forward = (signal) => {
      stoppedBy = signal;
      child.kill(signal);
      // A step that ignores the signal (or is still starting up) does not outlive us either.
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    };
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, forward);
    child.once('exit', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, forward);
      if (stoppedBy !== undefined) process.exit(128 + constants.signals[stoppedBy]);
      resolveStep(code ?? 1);
    });
  });
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
    const build = await runStep([vite, 'build', '--outDir', distDir, '--emptyOutDir'], env);
    if (build !== 0) process.exit(build);
    const check = await runStep([join(root, 'scripts/check-dist-secrets.mjs'), distDir], env);
    if (check !== 0) process.exit(check);
    // Recorded last: a build that failed or held a secret is rebuilt next time.
    recordInputs(distDir, inputs);
  }
} else {
  console.log('No index.html: the app is not part of this checkout yet; serving the API only.');
}

process.env.FUNCTIONS_DIR ??= join(root, 'dist-server', 'supabase', 'functions');
await import(pathToFileURL(serverEntry).href);
