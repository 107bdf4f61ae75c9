import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { configPluginError } from './config-plugin-error.ts';
import type { FlowDiagnostic } from './flow-error.ts';
import { loadSocialProof, socialProofFile } from './social-proof.ts';

const moduleId = 'virtual:social-proof';
const resolvedId = `\0${moduleId}`;

/**
 * Serves `virtual:social-proof` (default export: the figures of config/social-proof.yaml's `SocialProof`,
 * named export `testimonials`: its quoted people),
 * checked at build time: a malformed file fails the build (and Storybook's) with located messages.
 * The company step and the plans page read their ratings, awards and subscriber count only from here.
 */
export function vitePluginSocialProof(options: { readonly root?: string } = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);

  const toError = (diagnostics: readonly FlowDiagnostic[]) => configPluginError('vite-plugin-social-proof', 'social proof', root, diagnostics);

  return {
    name: 'vite-plugin-social-proof',

    configResolved(config) {
      if (options.root === undefined) root = config.root;
    },

    buildStart() {
      // Checked up front, so a broken file fails the build even before a screen imports it.
      this.addWatchFile(join(root, socialProofFile));
      const checked = loadSocialProof(root);
      if (!checked.ok) throw toError(checked.diagnostics);
    },

    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },

    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(join(root, socialProofFile));
      const checked = loadSocialProof(root);
      if (!checked.ok) throw toError(checked.diagnostics);
      // The testimonials as their own export: the company step (in the first step's JavaScript) imports
      // the default only, so the build leaves the quotes out of it.
      const { testimonials, ...figures } = checked.value;
      return `export default ${JSON.stringify(figures)};\nexport const testimonials = ${JSON.stringify(testimonials)};\n`;
    },
  };
}
