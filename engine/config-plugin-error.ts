import { resolve } from 'node:path';
import { formatFlowDiagnostic, type FlowDiagnostic } from './flow-error.ts';

/** Raised to Vite (build failure, dev error overlay); `loc`/`id` let Vite link to the YAML line. */
export interface ConfigPluginError extends Error {
  id?: string;
  loc?: { file: string; line: number; column: number };
  plugin?: string;
}

/**
 * The error a config plugin (flows/, config/*.yaml, served as virtual modules) throws for files that
 * fail their check: every located message, and the first one's position for Vite's overlay.
 *
 * @param what the check's name in the message, e.g. `consumer rules`
 * @param hint a last line after the messages, e.g. the command that prints the same report
 */
export function configPluginError(plugin: string, what: string, root: string, diagnostics: readonly FlowDiagnostic[], hint?: string): ConfigPluginError {
  const error: ConfigPluginError = new Error(`${what} check failed:\n${diagnostics.map(formatFlowDiagnostic).join('\n')}${hint === undefined ? '' : `\n${hint}`}`);
  const first = diagnostics[0];
  if (first !== undefined) {
    error.id = resolve(root, first.file);
    error.loc = { file: resolve(root, first.file), line: first.line, column: first.column };
  }
  error.plugin = plugin;
  // The messages say where; a stack of the plugin's own frames would only bury them.
  error.stack = '';
  return error;
}
