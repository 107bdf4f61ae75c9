import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { formatFlowDiagnostic, type FlowDiagnostic } from './flow-error.ts';
import { loadSocialProof, socialProofFile } from './social-proof.ts';

const moduleId = 'virtual:social-proof';
const resolvedId = `\0${moduleId}`;

/** Raised to Vite (build failure, dev error overlay); `loc`/`id` let Vite link to the YAML line. */
interface SocialProofPluginError extends Error {
  id?: string;
  loc?: { file: string; line: number; column: number };
  plugin?: string;
}

/**
 * Serves `virtual:social-proof` (default export: the figures of config/social-proof.yaml's `SocialProof`,
 * named export `testimonials`: its quoted people),
 * checked at build time: a malformed file fails the build (and Storybook's) with located messages.
 * The company step and the plans page read their ratings, awards and subscriber count only from here.
 */
export function vitePluginSocialProof(options: { readonly root?: string } = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);

  const toError = (diagnostics: readonly FlowDiagnostic[]): SocialProofPluginError => {
    const error: SocialProofPluginError = new Error(`social proof check failed:\n${diagnostics.map(formatFlowDiagnostic).join('\n')}`);
    const first = diagnostics[0];
    if (first !== undefined) {
      error.id = join(root, first.file);
      error.loc = { file: join(root, first.file), line: first.line, column: first.column };
    }
    error.plugin = 'vite-plugin-social-proof';
    error.stack = '';
    return error;
  };

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
