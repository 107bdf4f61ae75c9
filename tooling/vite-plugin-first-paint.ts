import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, type HTMLElement } from 'node-html-parser';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { z } from 'zod';
import type { FlowProjectResult } from '../engine/compile-flow-project.ts';
import { DEFAULT_ROOT_SPINNER_MS } from '../engine/flow-schema.ts';
import { flowsPluginApi } from '../engine/vite-plugin-flows.ts';
import type { BootFlagSettings, BootSettings } from '../screens/boot/boot-script.ts';
import type { renderFirstSteps } from '../screens/prerender/render-first-steps.tsx';
import { flagSettings } from '../services/flags/flag-settings.ts';
import { initialNamespaces } from '../services/i18n/initial-namespaces.ts';
import { fallbackLanguage, supportedLanguages } from '../services/i18n/supported-languages.ts';
import { bootScriptSource } from './boot-script-source.ts';
import { firstPaintDevices } from './first-paint-devices.ts';

/** The build-time render: built by the `ssr` environment into a server bundle, run after the client build's chunks exist. */
const RENDER_MODULE = 'screens/prerender/render-first-steps.tsx';
/** The module screens/main.tsx imports dynamically at once to put the app on the page (with React DOM). */
const MOUNT_MODULE = 'screens/mount-app.tsx';
/** A script of this type is neither fetched nor run: the boot script starts it after the first paint. */
const HELD_TYPE = 'text/plain';
/** On a prerendered page's held scripts and preloads: what each becomes after the first paint (`module`, or a link's rel). */
const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** The language the prerendered markup is in (the spec's texts are English). */
const PRERENDER_LANGUAGE = fallbackLanguage;
/**
 * The server bundle's entry is named by its content, like its chunks: a second build in the same process
 * (tests) imports the new bundle, not the module Node cached.
 */
const SERVER_ENTRY_NAME = '[name]-[hash].js';
/** Where the server bundle's chunks record the modules they carry when they run (see renderChunk). */
const LOADED_MODULES = Symbol.for('first-paint.loaded-modules');

const pagesSchema = z.array(
  z.object({ flowId: z.string(), path: z.string().regex(/^\/[A-Za-z0-9/_-]+$/), markup: z.string().min(1), title: z.string(), rootSpinnerMs: z.number() }),
);
type Page = z.infer<typeof pagesSchema>[number];

/**
 * The first paint comes from the HTML, before any JavaScript:
 * - every page (index.html, dev and build) gets the root spinner's length from the baseline flow's
 *   `rootSpinnerMs` (a CSS variable; the spinner itself is CSS in app.css) and the inline boot script
 *   (screens/boot/boot-script.ts, bundled by tooling/boot-script-source.ts: the visitor's language and
 *   its translation files preloaded, the flag's lookup started);
 * - `vite build` builds two environments (Vite's builder): first `ssr`, the render module
 *   (screens/prerender/render-first-steps.tsx) as a server bundle, then `client`, the app. Once the
 *   client's chunks exist, the server bundle renders the first step of each flow with the app's own
 *   routes and components (React's `prerender`), and each is written as `<step path>/index.html`: the
 *   step's markup in #root, its CSS inline, the chunks it needs modulepreloaded, so nothing the first
 *   step needs is discovered after the entry script runs.
 * Both read the flow project from the flows plugin's one compile (engine/vite-plugin-flows.ts). Pages
 * are edited with an HTML parser; the compression plugin (after this one) writes their .br/.gz.
 */
export function vitePluginFirstPaint(): Plugin {
  let config: ResolvedConfig | undefined;
  let project: (() => FlowProjectResult) | undefined;
  let serverOutDir = '';
  const devices = firstPaintDevices();
  const settingsFor = (root: string, prerenderedLanguage?: string): BootSettings => ({
    ...(prerenderedLanguage === undefined ? {} : { prerenderedLanguage }),
    loadingText: loadingTexts(root),
    afterPaintAttribute: AFTER_PAINT_ATTRIBUTE,
    ...(devices['early-tap'] ? {} : { earlyTap: false }),
    ...(config === undefined || project === undefined ? {} : bootFlag(project(), config.env)),
  });

  return {
    name: 'first-paint',
    enforce: 'post',
    config(userConfig) {
      // Outside the client's outDir (which the client build empties); one per outDir, as builds to two
      // outDirs may run at once.
      const root = resolve(userConfig.root ?? '.');
      const outDir = resolve(root, userConfig.build?.outDir ?? 'dist');
      serverOutDir = join(resolve(root, userConfig.cacheDir ?? 'node_modules/.vite'), 'first-paint-ssr', createHash('sha256').update(outDir).digest('hex').slice(0, 12));
      return {
        builder: {},
        environments: { ssr: { build: { outDir: serverOutDir, emptyOutDir: true, copyPublicDir: false, manifest: true, rollupOptions: { input: RENDER_MODULE, output: { entryFileNames: SERVER_ENTRY_NAME } } } } },
      };
    },
    configResolved(resolved) {
      config = resolved;
      project = flowsPluginApi(resolved.plugins)?.compiledProject;
    },
    buildApp: async (builder) => {
      // The server bundle first: the client build's last step runs it.
      const { ssr, client } = builder.environments;
      if (ssr === undefined || client === undefined) throw new Error(`first-paint: the build has no ssr or client environment (${Object.keys(builder.environments).join(', ')})`);
      await builder.build(ssr);
      await builder.build(client);
    },
    renderChunk(code, chunk) {
      if (this.environment.name !== 'ssr') return null;
      // Each chunk of the server bundle says which modules it carries when it runs: the client chunks
      // of those modules are what the first steps need (firstStepChunks).
      return `globalThis[Symbol.for(${JSON.stringify(LOADED_MODULES.description)})]?.push(...${JSON.stringify(chunk.moduleIds)});\n${code}`;
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!config) return html;
        const document = parse(html, { comment: true });
        // Right after <meta charset> (which must stay within the first 1024 bytes): the boot script starts
        // the translation preloads before the parser reaches anything else.
        const charset = document.querySelector('head meta[charset]');
        if (charset === null) throw new Error('first-paint: index.html has no <meta charset>');
        charset.insertAdjacentHTML('afterend', `<style>${spinnerStyle(baselineSpinnerMs(project?.()))}</style><script>${bootScriptSource(settingsFor(config.root))}</script>`);
        return document.toString();
      },
    },
    async generateBundle(_options, bundle) {
      if (config?.command !== 'build' || this.environment.name !== 'client') return;
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') this.error('first-paint: no index.html in the bundle');
      const root = config.root;
      const { pages, loaded } = await renderWithServerBundle(serverEntry(serverOutDir), englishNamespaces(root));
      // The entry imports the mount module at once, dynamically (a task of its own to evaluate):
      // every page preloads it from the HTML like the entry's static imports, index.html included.
      const mount = mountChunks(bundle, join(root, MOUNT_MODULE));
      const indexDocument = parse(index.source, { comment: true });
      indexDocument.querySelector('head')?.insertAdjacentHTML('beforeend', modulePreloads(mount));
      index.source = indexDocument.toString();
      const preloaded = new Set(mount.map((chunk) => chunk.fileName));
      const pageBootScript = bootScriptSource(settingsFor(root, PRERENDER_LANGUAGE));
      for (const page of pages) {
        const chunks = firstStepChunks(bundle, loaded, page.flowId).filter((chunk) => !preloaded.has(chunk.fileName));
        this.emitFile({ type: 'asset', fileName: `${page.path.slice(1)}/index.html`, source: pageHtml(index.source, page, chunks, bundle, pageBootScript, devices['held-scripts']) });
      }
    },
  };

}

/** The server bundle's entry file, as its build's manifest names it. */
function serverEntry(outDir: string): string {
  const manifest = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifest)) throw new Error(`first-paint: no server bundle of ${RENDER_MODULE} in ${outDir}; build with \`vite build\` (its builder builds the ssr environment first)`);
  const entry = z.record(z.string(), z.object({ file: z.string() })).parse(readJson(manifest))[RENDER_MODULE];
  if (entry === undefined) throw new Error(`first-paint: the server bundle's manifest has no ${RENDER_MODULE}`);
  return join(outDir, entry.file);
}

/** Imports the server bundle and renders the first steps; `loaded`: every module of the chunks the renders ran. */
async function renderWithServerBundle(entry: string, namespaces: Record<string, unknown>): Promise<{ pages: Page[]; loaded: ReadonlySet<string> }> {
  const loaded: string[] = [];
  Reflect.set(globalThis, LOADED_MODULES, loaded);
  try {
    const module: unknown = await import(pathToFileURL(entry).href);
    const render: unknown = typeof module === 'object' && module !== null ? Reflect.get(module, 'renderFirstSteps') : undefined;
    if (!isRenderFirstSteps(render)) throw new Error(`first-paint: the server bundle of ${RENDER_MODULE} exports no renderFirstSteps`);
    const pages = pagesSchema.parse(await render(namespaces));
    return { pages, loaded: new Set(loaded) };
  } finally {
    Reflect.deleteProperty(globalThis, LOADED_MODULES);
  }
}

/** A module imported at run time is untyped; the export is checked for being a function, its result by pagesSchema. */
function isRenderFirstSteps(value: unknown): value is typeof renderFirstSteps {
  return typeof value === 'function';
}

function spinnerStyle(spinnerMs: number): string {
  return `:root{--root-spinner-ms:${String(spinnerMs)}ms}`;
}

/**
 * The boot script's flag lookup: the resolver and client secret the app's provider uses (the same
 * VITE_ settings; the local stack's resolver is on the page's own origin, so a relative URL), the
 * flag's variants and the flows' paths.
 */
function bootFlag({ variants }: FlowProjectResult, env: Record<string, unknown>): { flag?: BootFlagSettings } {
  const baselineFlow = variants?.variants[variants.defaultVariant];
  if (variants === undefined || baselineFlow === undefined) return {};
  const text = (name: string): string | undefined => (typeof env[name] === 'string' ? env[name] : undefined);
  const settings = flagSettings({ VITE_CONFIDENCE_CLIENT_SECRET: text('VITE_CONFIDENCE_CLIENT_SECRET'), VITE_CONFIDENCE_RESOLVER_URL: text('VITE_CONFIDENCE_RESOLVER_URL') }, '');
  return {
    flag: {
      resolveUrl: `${settings.resolverUrl}/v1/flags:resolve`,
      clientSecret: settings.clientSecret,
      flag: variants.flag,
      variants: variants.variants,
      baselineFlow,
      basePaths: variants.basePaths,
    },
  };
}

/** The baseline flow's spinner (the flow every visitor starts in). */
function baselineSpinnerMs(result: FlowProjectResult | undefined): number {
  const baseline = result?.variants?.variants[result.variants.defaultVariant];
  // A broken project fails the flows plugin with located errors; the default is enough meanwhile.
  return (baseline === undefined ? undefined : result?.flows.get(baseline)?.rootSpinnerMs) ?? DEFAULT_ROOT_SPINNER_MS;
}

/**
 * A first step's page: index.html with the step's markup, title, spinner, boot script, inline CSS and
 * preloads. The step is painted from this HTML; the scripts only hydrate it. With `holdScripts` they
 * are inert tags until the first paint, when the boot script starts them all at once
 * (screens/boot/boot-script.ts): the paint's own requests (font, icons, translations) go first.
 */
function pageHtml(indexHtml: string, page: Page, chunks: readonly Rollup.OutputChunk[], bundle: Rollup.OutputBundle, bootScript: string, holdScripts: boolean): string {
  const document = parse(indexHtml, { comment: true });
  const element = (selector: string, where: (found: HTMLElement) => boolean = () => true): HTMLElement => {
    const found = document.querySelectorAll(selector).find(where);
    if (found === undefined) throw new Error(`first-paint: index.html has no ${selector}`);
    return found;
  };
  const head = element('head');
  // The stylesheets are inlined: no render-blocking request before the first paint.
  const css = new Set<string>();
  for (const chunk of [...entryChunks(bundle), ...chunks]) for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
  for (const link of head.querySelectorAll('link[rel="stylesheet"]')) if (css.has((link.getAttribute('href') ?? '').slice(1))) link.remove();
  // The boot script and the spinner's length (transformIndexHtml) have no attributes.
  element('head script', (script) => Object.keys(script.attributes).length === 0).set_content(bootScript);
  element('head style').set_content(spinnerStyle(page.rootSpinnerMs));
  element('title').set_content(escapeHtml(page.title));
  element('title').insertAdjacentHTML('afterend', `<style>${[...css].map((file) => assetText(bundle, file)).join('')}</style>`);
  // Started with the entry script (after the first paint): the chunks, and the translations of the
  // page's language, which only the app reads (the boot script asks for another language's itself).
  const translations = initialNamespaces.map((namespace) => `<link rel="preload" as="fetch" crossorigin href="/locales/${PRERENDER_LANGUAGE}/${namespace}.json">`);
  head.insertAdjacentHTML('beforeend', modulePreloads(chunks) + translations.join(''));
  const root = element('#root');
  root.set_content(page.markup);
  root.setAttribute('data-prerendered', PRERENDER_LANGUAGE);
  if (holdScripts) {
    for (const script of document.querySelectorAll('script[type="module"]')) {
      script.setAttribute('type', HELD_TYPE);
      script.setAttribute(AFTER_PAINT_ATTRIBUTE, 'module');
    }
    for (const link of document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="fetch"]')) {
      link.setAttribute(AFTER_PAINT_ATTRIBUTE, link.getAttribute('rel') ?? '');
      link.removeAttribute('rel');
    }
  }
  return document.toString();
}

function assetText(bundle: Rollup.OutputBundle, file: string): string {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`first-paint: CSS ${file} is not in the bundle`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/** The entry chunk and everything it imports statically (Vite already preloads those from index.html). */
function entryChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const entry = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
  return entry === undefined ? [] : withStaticImports(bundle, [entry]);
}

/** The mount module's chunk and its static imports, minus what the entry brings (Vite preloads those). */
function mountChunks(bundle: Rollup.OutputBundle, id: string): Rollup.OutputChunk[] {
  const mount = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId === id);
  if (mount === undefined) throw new Error(`first-paint: no chunk for ${MOUNT_MODULE}; the entry must import it dynamically`);
  const entry = new Set(entryChunks(bundle).map((chunk) => chunk.fileName));
  const chunks = withStaticImports(bundle, [mount]).filter((chunk) => !entry.has(chunk.fileName));
  // The pages inline the entry's and the first step's CSS only; a stylesheet here would load late.
  const styled = chunks.find((chunk) => (chunk.viteMetadata?.importedCss.size ?? 0) > 0);
  if (styled !== undefined) throw new Error(`first-paint: ${styled.fileName} (${MOUNT_MODULE}) imports CSS; import it from screens/main.tsx instead`);
  return chunks;
}

function modulePreloads(chunks: readonly Rollup.OutputChunk[]): string {
  return chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`).join('');
}

/**
 * The lazy chunks the first step of `flowId` loads (route component, flow runtime, the flow's data, a
 * lazy screen), found as the dynamic-import chunks whose module the build-time render loaded, plus
 * their static imports, minus what the entry already brings.
 */
function firstStepChunks(bundle: Rollup.OutputBundle, rendered: ReadonlySet<string>, flowId: string): Rollup.OutputChunk[] {
  const otherFlow = (id: string): boolean => id.startsWith('\0virtual:flow/') && id !== `\0virtual:flow/${flowId}`;
  const lazy = Object.values(bundle).filter(
    (item): item is Rollup.OutputChunk =>
      item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId !== null && rendered.has(item.facadeModuleId) && !otherFlow(item.facadeModuleId),
  );
  const already = new Set(entryChunks(bundle).map((chunk) => chunk.fileName));
  return withStaticImports(bundle, lazy).filter((chunk) => !already.has(chunk.fileName));
}

function withStaticImports(bundle: Rollup.OutputBundle, start: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const chunk of start) visit(chunk);
  return [...seen.values()];
}

/** The English files of the first screen's namespaces. */
function englishNamespaces(root: string): Record<string, unknown> {
  const namespaces: Record<string, unknown> = {};
  for (const namespace of initialNamespaces) namespaces[namespace] = readJson(join(root, 'public', 'locales', fallbackLanguage, `${namespace}.json`));
  return namespaces;
}

/** `common:loading` in every language, for the spinner's screen-reader text before the app runs. */
function loadingTexts(root: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const language of supportedLanguages) {
    const file = join(root, 'public', 'locales', language, 'common.json');
    if (!existsSync(file)) continue;
    const loading = z.object({ loading: z.string() }).safeParse(readJson(file));
    if (loading.success) texts[language] = loading.data.loading;
  }
  return texts;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
