import { format } from 'node:util';
import { vi } from 'vitest';
import type { TestServer } from './test-server';

export interface FunctionLog {
  /** What the functions wrote to their error log since the capture began, one call a line. */
  text(): string;
  restore(): void;
}

/**
 * The functions' error log, wherever they run: in this process (console.error, silenced while captured)
 * or under Deno (FUNCTIONS_RUNTIME=deno), where it is the edge runtime's output.
 */
export function captureFunctionLog(server: TestServer): FunctionLog {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(format(...args)));
  const edgeOutput = server.edgeRuntimeOutput;
  const start = edgeOutput?.().length ?? 0;
  return {
    text: () => [...lines, ...(edgeOutput === undefined ? [] : [edgeOutput().slice(start)])].join('\n'),
    restore: () => spy.mockRestore(),
  };
}
