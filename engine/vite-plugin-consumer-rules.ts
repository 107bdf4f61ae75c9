import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { consumerRulesFile, loadConsumerRules } from './load-consumer-rules.ts';
import { formatFlowDiagnostic } from './flow-error.ts';

const moduleId = 'virtual:consumer-rules';
const resolvedId = `\0${moduleId}`;

/** Raised to Vite (build failure, dev error overlay); `loc`/`id` let Vite link to the YAML line. */
interface ConsumerRulesPluginError extends Error {
  id?: string;
  loc?: { file: string; line: number; column: number };
  plugin?: string;
}

/**
 * Serves `virtual:consumer-rules` (default export: config/consumer-rules.yaml as `ConsumerRules`),
 * checked when the build starts: a malformed file fails every build with located messages.
 */
export function vitePluginConsumerRules(options: { readonly root?: string } = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);
  const checked = () => {
    const loaded = loadConsumerRules(root);
    if (loaded.ok) return loaded.value;
    const error: ConsumerRulesPluginError = new Error(`consumer rules check failed:\n${loaded.diagnostics.map(formatFlowDiagnostic).join('\n')}`);
    const first = loaded.diagnostics[0];
    if (first !== undefined) {
      error.id = join(root, first.file);
      error.loc = { file: join(root, first.file), line: first.line, column: first.column };
    }
    error.plugin = 'vite-plugin-consumer-rules';
    error.stack = '';
    throw error;
  };
  return {
    name: 'vite-plugin-consumer-rules',
    configResolved(config) {
      if (options.root === undefined) root = config.root;
    },
    buildStart() {
      this.addWatchFile(join(root, consumerRulesFile));
      checked();
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(join(root, consumerRulesFile));
      return `export default ${JSON.stringify(checked())};\n`;
    },
  };
}
