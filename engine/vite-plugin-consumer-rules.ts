import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { consumerRulesFile, loadConsumerRules } from './load-consumer-rules.ts';
import { configPluginError } from './config-plugin-error.ts';

const moduleId = 'virtual:consumer-rules';
const resolvedId = `\0${moduleId}`;

/**
 * Serves `virtual:consumer-rules` (default export: config/consumer-rules.yaml as `ConsumerRules`),
 * checked when the build starts: a malformed file fails every build with located messages.
 */
export function vitePluginConsumerRules(options: { readonly root?: string } = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);
  const checked = () => {
    const loaded = loadConsumerRules(root);
    if (loaded.ok) return loaded.value;
    throw configPluginError('vite-plugin-consumer-rules', 'consumer rules', root, loaded.diagnostics);
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
