import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface StartedStack {
  readonly url: string;
  readonly process: ChildProcess;
  /** The "ready in" line the server printed. */
  readonly readyLine: string;
  stop(): Promise<void>;
}

/**
 * Starts the compiled local stack (what `npm start` runs: dist-server/server/main.mjs) and resolves
 * when it prints that it is ready.
 */
export function startLocalStack(root: string, env: Readonly<Record<string, string>>): Promise<StartedStack> {
  const child = spawn(process.execPath, [join(root, 'dist-server/server/main.mjs')], {
    cwd: root,
    env: { ...process.env, FUNCTIONS_DIR: join(root, 'dist-server/supabase/functions'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack not ready after 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Local stack ready in .*/.exec(output);
      const url = /URL\s+(http:\/\/\S+)/.exec(output);
      if (ready && url?.[1]) {
        clearTimeout(timer);
        const stop = () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          });
        resolve({ url: url[1], process: child, readyLine: ready[0], stop });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}:\n${output}`));
    });
  });
}
