// `npm run dev`: Vite's dev server (hot reload) in front of a local stack, one command. Vite forwards
// the stack's paths to LOCAL_STACK_URL (vite.config.ts server.proxy, default http://localhost:3000).
// When a stack already answers there (an `npm start` in another terminal) it is used; otherwise one
// is started here on that port (from the sources via tsx: restart after editing server/), with
// SITE_URL set to the dev server so e-mailed links come back to it. Arguments go to vite.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const stackUrl = new URL(process.env.LOCAL_STACK_URL ?? 'http://localhost:3000');
const args = process.argv.slice(2);
const portArgument = args.indexOf('--port');
const devPort = portArgument >= 0 ? args[portArgument + 1] : '5173';
const children = [];

async function answers(url) {
  try {
    const response = await fetch(new URL('/auth/v1/health', url), { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

function run(command, commandArgs, env) {
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.once('exit', (code, signal) => {
    // One without the other is no dev environment: stop both, with the first one's status.
    stopAll();
    process.exitCode = code ?? (signal === null ? 1 : 0);
  });
  return child;
}

function stopAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

if (await answers(stackUrl)) {
  console.log(`Using the local stack at ${stackUrl.origin}.`);
} else {
  console.log(`Starting a local stack at ${stackUrl.origin} for the dev server...`);
  const stack = run(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    ...process.env,
    PORT: stackUrl.port || '80',
    SITE_URL: process.env.SITE_URL ?? `http://localhost:${devPort}`,
  });
  const deadline = Date.now() + 120_000;
  while (!(await answers(stackUrl))) {
    if (stack.exitCode !== null || stack.signalCode !== null) process.exit(process.exitCode ?? 1);
    if (Date.now() > deadline) {
      console.error(`The local stack did not answer at ${stackUrl.origin} within 120 s.`);
      stopAll();
      process.exit(1);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

run(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...(portArgument >= 0 ? [] : ['--port', devPort]), '--strictPort', ...args], {
  ...process.env,
  LOCAL_STACK_URL: stackUrl.origin,
});
