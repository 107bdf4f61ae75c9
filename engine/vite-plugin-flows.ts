import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { FlowProjectResult } from './compile-flow-project.ts';
import { compileFlowProject } from './compile-flow-project.ts';
import type { FlowDiagnostic } from './flow-error.ts';
import { configPluginError } from './config-plugin-error.ts';
import { flowProjectLayout, flowsDirFromEnvironment, readFlowProject } from './read-flow-project.ts';
import { didYouMean } from './suggest-name.ts';

export interface VitePluginFlowsOptions {
  /** Project root holding flows/ and public/; defaults to Vite's root. */
  readonly root?: string;
  /**
   * Compile every flow with this order instead of its `order` line. Defaults to the `FLOW_ORDER`
   * environment variable, so CI can walk the other reading without editing YAML.
   */
  readonly order?: string;
  /**
   * Read the flow YAML files from this directory instead of `<root>/flows`. Defaults to the `FLOWS_DIR`
   * environment variable (relative to the root), so a test can build a flow set that is not checked in.
   */
  readonly flowsDir?: string;
  /**
   * A production deployment build: the example funnels of `flows/examples/` are left out. Defaults to
   * `DEPLOY_ENV=production` (as vite-plugin-store-listings).
   */
  readonly production?: boolean;
}

const flowPrefix = 'virtual:flow/';
const variantsId = 'virtual:flow-variants';
const profileId = 'virtual:flow-profile';
const loadersId = 'virtual:flow-loaders';
const allFlowsId = 'virtual:flows';
const resolvedFlowPrefix = `\0${flowPrefix}`;
const resolvedVariantsId = `\0${variantsId}`;
const resolvedProfileId = `\0${profileId}`;
const resolvedLoadersId = `\0${loadersId}`;
const resolvedAllFlowsId = `\0${allFlowsId}`;
/** The modules whose content comes from the compiled project (invalidated together on an edit). */
const projectModuleIds: ReadonlySet<string> = new Set([resolvedVariantsId, resolvedProfileId, resolvedLoadersId, resolvedAllFlowsId]);
const isProjectModule = (id: string): boolean => projectModuleIds.has(id) || id.startsWith(resolvedFlowPrefix);

/** What the flows plugin offers other plugins (Vite's `api` field): its compile of the flow project, one per build. */
export interface FlowsPluginApi {
  readonly compiledProject: () => FlowProjectResult;
}

const PLUGIN_NAME = 'vite-plugin-flows';

/** The flows plugin's api among a config's resolved plugins (tooling/vite-plugin-first-paint.ts reads the same compile). */
export function flowsPluginApi(plugins: readonly Plugin[]): FlowsPluginApi | undefined {
  const api: unknown = plugins.find((plugin) => plugin.name === PLUGIN_NAME)?.api;
  return isFlowsPluginApi(api) ? api : undefined;
}

/** Vite types a plugin's `api` as any; this plugin's is the object below. */
function isFlowsPluginApi(value: unknown): value is FlowsPluginApi {
  return typeof value === 'object' && value !== null && 'compiledProject' in value && typeof value.compiledProject === 'function';
}

/**
 * Serves the compiled flows to the app as virtual modules, compiled at build time so the browser gets
 * plain JSON and neither a YAML parser nor zod reaches the bundle:
 * - `virtual:flow/<flowId>`: default export, the `CompiledFlow`
 * - `virtual:flow-variants`: default export, the `CompiledVariants` of flows/variants.yaml
 * - `virtual:flow-profile`: default export, the `ProfileSources` the variants' flows declare (which
 *   stored key fills each profile column; the sign-up pages' own, not the first step's)
 * - `virtual:flow-loaders`: default export, `{ [flowId]: () => import('virtual:flow/<flowId>') }` for
 *   every compiled flow, so the app finds each flow (and the bundler each lazy chunk) without a
 *   hand-written list: a new flows/*.yaml is served by the next build
 * - `virtual:flows`: default export, every `CompiledFlow` in id order, imported eagerly (Storybook's
 *   samples; the app uses the lazy loaders instead)
 *
 * Any flow error fails `vite build` with the located messages. In dev, editing flows/*.yaml,
 * public/locales/en/*.json or an image under public/ recompiles; a valid edit reloads the page, an
 * invalid one shows Vite's error overlay with the same `file:line:column` messages as `flows check`.
 */
export function vitePluginFlows(options: VitePluginFlowsOptions = {}): Plugin {
  let root = options.root === undefined ? process.cwd() : resolve(options.root);
  let isBuild = false;
  let cached: { result: FlowProjectResult; watchFiles: readonly string[] } | undefined;
  const order = options.order ?? nonEmpty(process.env.FLOW_ORDER);
  const production = options.production ?? process.env.DEPLOY_ENV === 'production';
  // Resolved against the final root (Vite's, unless given), so computed on use.
  const flowsDir = (): string =>
    options.flowsDir === undefined ? (flowsDirFromEnvironment(root) ?? join(root, flowProjectLayout.flowsDir)) : resolve(root, options.flowsDir);

  const compile = (): { result: FlowProjectResult; watchFiles: readonly string[] } => {
    if (cached === undefined) {
      const project = readFlowProject(root, flowsDir(), { examples: !production });
      const result = compileFlowProject(project, order === undefined ? {} : { order, orderSource: 'FLOW_ORDER' });
      cached = { result, watchFiles: project.watchFiles };
    }
    return cached;
  };

  const toError = (diagnostics: readonly FlowDiagnostic[]) => configPluginError(PLUGIN_NAME, 'flow', root, diagnostics, '(run "npm run flows -- check" for the same report)');

  const pathInside = (dir: string, file: string): string | undefined => {
    const rel = relative(dir, file).split(sep).join('/');
    return rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
  };
  const isFlowInput = (file: string): boolean => {
    const inFlows = pathInside(flowsDir(), file);
    // flows/*.yaml and flows/examples/*.yaml.
    if (inFlows !== undefined && /\.ya?ml$/.test(inFlows)) return true;
    const rel = pathInside(root, file);
    if (rel === undefined) return false;
    return (
      (rel.startsWith(`${flowProjectLayout.englishLocaleDir}/`) && rel.endsWith('.json')) ||
      // A background image appearing or disappearing changes the verdict of the image check.
      (rel.startsWith(`${flowProjectLayout.publicDir}/`) && /\.(webp|png|jpe?g|svg|avif)$/.test(rel))
    );
  };

  const api: FlowsPluginApi = { compiledProject: () => compile().result };

  return {
    name: PLUGIN_NAME,
    api,
    // One instance, so one compile, for the build's environments (client, and the ssr one of the prerender).
    sharedDuringBuild: true,

    configResolved(config) {
      if (options.root === undefined) root = config.root;
      isBuild = config.command === 'build';
      // A new build (or dev server) of this instance reads the project afresh.
      cached = undefined;
    },

    buildStart() {
      if (this.meta.watchMode) cached = undefined;
      if (!isBuild) return;
      // Fail the build up front, even if no module happens to import a broken flow.
      const { result, watchFiles } = compile();
      for (const file of watchFiles) this.addWatchFile(file);
      if (result.diagnostics.length > 0) throw toError(result.diagnostics);
    },

    resolveId(id) {
      if (id === variantsId) return resolvedVariantsId;
      if (id === profileId) return resolvedProfileId;
      if (id === loadersId) return resolvedLoadersId;
      if (id === allFlowsId) return resolvedAllFlowsId;
      if (id.startsWith(flowPrefix)) return `\0${id}`;
      return undefined;
    },

    load(id) {
      if (!isProjectModule(id)) return undefined;
      const { result, watchFiles } = compile();
      for (const file of watchFiles) this.addWatchFile(file);
      if (result.diagnostics.length > 0) throw toError(result.diagnostics);
      if (id === resolvedVariantsId || id === resolvedProfileId) {
        if (result.variants === undefined) throw new Error(`${variantsId}: ${flowProjectLayout.variantsFile} is missing`);
        const { profile, ...variants } = result.variants;
        return `export default ${JSON.stringify(id === resolvedProfileId ? profile : variants)};\n`;
      }
      const flowIds = [...result.flows.keys()].sort();
      if (id === resolvedLoadersId) {
        const entries = flowIds.map((flowId) => `  ${JSON.stringify(flowId)}: () => import(${JSON.stringify(`${flowPrefix}${flowId}`)}),`);
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (id === resolvedAllFlowsId) {
        const imports = flowIds.map((flowId, index) => `import flow${index} from ${JSON.stringify(`${flowPrefix}${flowId}`)};`);
        return `${imports.join('\n')}\nexport default [${flowIds.map((_, index) => `flow${index}`).join(', ')}];\n`;
      }
      const flowId = id.slice(resolvedFlowPrefix.length);
      const flow = result.flows.get(flowId);
      if (flow === undefined) {
        throw new Error(`${flowPrefix}${flowId}: unknown flow "${flowId}"${didYouMean(flowId, result.flows.keys())} (flows: ${[...result.flows.keys()].join(', ')})`);
      }
      return `export default ${JSON.stringify(flow)};\n`;
    },

    hotUpdate({ file, server }) {
      if (!isFlowInput(file)) return undefined;
      if (this.environment.name !== 'client') return [];
      cached = undefined;
      const graph = this.environment.moduleGraph;
      for (const [id, module] of graph.idToModuleMap) {
        if (isProjectModule(id)) graph.invalidateModule(module);
      }
      const { result } = compile();
      if (result.diagnostics.length > 0) {
        const error = toError(result.diagnostics);
        logError(server, error);
        // Vite sends an error thrown here to the browser as its error overlay.
        throw error;
      }
      server.config.logger.info(`flows recompiled (${relative(root, file)} changed), reloading`, { timestamp: true });
      this.environment.hot.send({ type: 'full-reload', path: '*' });
      return [];
    },
  };
}

function logError(server: ViteDevServer, error: Error): void {
  server.config.logger.error(error.message, { timestamp: true });
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
