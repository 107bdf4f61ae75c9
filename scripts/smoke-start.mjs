// A start-and-serve smoke of `npm start` under the running Node (scripts/test-node24.sh runs it under
// Node 24, scripts/test-all.sh under the machine's Node when the stages ran on another): scripts/start.mjs
// on a free port with its own data and dist folders (so it compiles the server and builds the app with
// this Node), then the first step's page, a supabase-js sign-up and a
// profile insert as the app makes them, and a SIGTERM that must end the process within 15 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const scratch = mkdtempSync(join(tmpdir(), 'smoke-start-'));
const port = await freePort();
const child = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: join(scratch, 'data'), DIST_DIR: join(scratch, 'dist') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`smoke-start (Node ${process.version}): ${message}\n${output}`);
  child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
}

const deadline = Date.now() + 300_000;
while (!/anon key\s+(\S+)/.test(output)) {
  if (child.exitCode !== null) fail(`start exited with ${child.exitCode} before it was ready`);
  if (Date.now() > deadline) fail('not ready within 5 minutes');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const anonKey = /anon key\s+(\S+)/.exec(output)[1];
const url = `http://localhost:${port}`;

const page = await fetch(`${url}/onboarding`);
const html = await page.text();
if (page.status !== 200 || !html.includes('id="root"')) fail(`/onboarding answered ${page.status}`);

const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
const email = `smoke-${Date.now()}@example.com`;
const { data, error } = await client.auth.signUp({ email, password: 'correct horse battery' });
if (error || !data.user) fail(`sign-up failed: ${error?.message}`);
const insert = await client.from('profiles').insert({ user_id: data.user.id, age_in_years: 34 });
if (insert.status !== 201) fail(`profile insert answered ${insert.status}: ${JSON.stringify(insert.error)}`);

child.kill('SIGTERM');
const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(undefined), 15_000))]);
if (stopped === undefined) fail('still running 15 s after SIGTERM');
if (stopped.code !== 0) fail(`exited with ${stopped.code ?? stopped.signal} after SIGTERM`);
rmSync(scratch, { recursive: true, force: true });
console.log(`smoke-start (Node ${process.version}): served /onboarding, signed up ${email}, inserted the profile, stopped on SIGTERM`);
