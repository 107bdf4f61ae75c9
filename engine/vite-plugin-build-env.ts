import type { Plugin } from 'vite';
import { checkBuildEnv } from './build-env.ts';

export interface BuildEnvPluginOptions {
  /** A production deployment build; defaults to DEPLOY_ENV=production (as vite-plugin-store-listings). */
  readonly production?: boolean;
}

/**
 * Checks the build's VITE_* variables (from the shell and Vite's .env files) as soon as the config is
 * resolved, before anything is compiled: a malformed one, or in a production build a local default,
 * stops the build with the variable's name and what it is for (engine/build-env.ts).
 */
export function vitePluginBuildEnv(options: BuildEnvPluginOptions = {}): Plugin {
  const production = options.production ?? process.env.DEPLOY_ENV === 'production';
  return {
    name: 'build-env',
    configResolved(config) {
      checkBuildEnv(config.env, production);
    },
  };
}
