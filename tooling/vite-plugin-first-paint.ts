import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { z } from 'zod';
import { compileFlowProject } from '../engine/compile-flow-project.ts';
import { DEFAULT_ROOT_SPINNER_MS } from '../engine/flow-schema.ts';
import { flowsDirFromEnvironment, readFlowProject } from '../engine/read-flow-project.ts';
import type { BootFlagSettings, BootSettings } from '../screens/boot/boot-script.ts';
import { flagSettings } from '../services/flags/flag-settings.ts';
import { initialNamespaces } from '../services/i18n/initial-namespaces.ts';
import type { renderFirstSteps } from '../screens/prerender/render-first-steps.tsx';
import { fallbackLanguage, supportedLanguages } from '../services/i18n/supported-languages.ts';
import { bootScriptSource } from './boot-script-source.ts';

/** The build-time render (a module of the app, loaded through Vite's SSR loader). */
const RENDER_MODULE = '/screens/prerender/render-first-steps.tsx';
/** The module screens/main.tsx imports dynamically at once to put the app on the page (with React DOM). */
const MOUNT_MODULE = '/screens/mount-app.tsx';
/** index.html marks what a prerendered page replaces inside #root. */
const APP_HTML = /<!--app-html-->[\s\S]*?<!--\/app-html-->/;
/** A script of this type is neither fetched nor run: the boot script starts it after the first paint. */
const HELD_TYPE = 'text/plain';
/** On a prerendered page's held scripts and preloads: what each becomes after the first paint (`module`, or a link's rel). */
const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** The language the prerendered markup is in (the spec's texts are English). */
const PRERENDER_LANGUAGE = fallbackLanguage;

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
 * - `vite build` renders the first step of each flow with the app's own routes and components
 *   (screens/prerender/render-first-steps.tsx, run through Vite's SSR loader) and writes it as
 *   `<step path>/index.html`: the step's markup in #root, its CSS inline, the chunks it needs
 *   modulepreloaded, so nothing the first step needs is discovered after the entry script runs.
 * The compression plugin (after this one) writes the pages' .br/.gz like every other file.
 */
export function vitePluginFirstPaint(): Plugin {
  let config: ResolvedConfig | undefined;
  const settingsFor = (root: string, prerenderedLanguage?: string): BootSettings => ({
    ...(prerenderedLanguage === undefined ? {} : { prerenderedLanguage }),
    loadingText: loadingTexts(root),
    afterPaintAttribute: AFTER_PAINT_ATTRIBUTE,
    ...(config === undefined ? {} : bootFlag(root, config.env)),
  });

  return {
    name: 'first-paint',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!config) return html;
        const root = config.root;
        // Right after <meta charset> (which must stay within the first 1024 bytes): the boot script starts
        // the translation preloads before the parser reaches anything else.
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('first-paint: index.html has no <meta charset>');
        return html.replace(charset, (meta) => `${meta}\n    ${headTags(bootScriptSource(settingsFor(root)), baselineSpinnerMs(root))}`);
      },
    },
    async generateBundle(_options, bundle) {
      if (config?.command !== 'build' || config.build.ssr !== false) return;
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') this.error('first-paint: no index.html in the bundle');
      const root = config.root;
      const server = await createServer({
        configFile: config.configFile,
        root,
        mode: config.mode,
        logLevel: 'error',
        clearScreen: false,
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const render: unknown = (await server.ssrLoadModule(RENDER_MODULE)).renderFirstSteps;
        if (!isRenderFirstSteps(render)) this.error(`first-paint: ${RENDER_MODULE} exports no renderFirstSteps`);
        const pages = pagesSchema.parse(await render(englishNamespaces(root)));
        // Every module the renders ran (not merely found in an import()): the chunks that carry them are
        // what the first steps need.
        const rendered = new Set([...server.moduleGraph.idToModuleMap].filter(([, node]) => node.ssrModule !== null).map(([id]) => id));
        // The entry imports the mount module at once, dynamically (a task of its own to evaluate):
        // every page preloads it from the HTML like the entry's static imports, index.html included.
        const mount = mountChunks(bundle, root);
        const indexHtml = index.source.replace('</head>', `${modulePreloads(mount)}</head>`);
        index.source = indexHtml;
        const preloaded = new Set(mount.map((chunk) => chunk.fileName));
        for (const page of pages) {
          const chunks = firstStepChunks(bundle, rendered, page.flowId).filter((chunk) => !preloaded.has(chunk.fileName));
          this.emitFile({
            type: 'asset',
            fileName: `${page.path.slice(1)}/index.html`,
            source: pageHtml(indexHtml, page, chunks, bundle, bootScriptSource(settingsFor(root, PRERENDER_LANGUAGE)), bootScriptSource(settingsFor(root))),
          });
        }
      } finally {
        await server.close();
      }
    },
  };
}

/** The spinner's length and the boot script (minified: it is in every page's first bytes). */
function headTags(bootScript: string, spinnerMs: number): string {
  return `<style>${spinnerStyle(spinnerMs)}</style><script>${bootScript}</script>`;
}

function spinnerStyle(spinnerMs: number): string {
  return `:root{--root-spinner-ms:${String(spinnerMs)}ms}`;
}

/** The flow project, compiled as the build's flows plugin compiles it. */
function compiledProject(root: string): ReturnType<typeof compileFlowProject> {
  const order = process.env.FLOW_ORDER?.trim();
  return compileFlowProject(readFlowProject(root, flowsDirFromEnvironment(root)), order ? { order, orderSource: 'FLOW_ORDER' } : {});
}

/**
 * The boot script's flag lookup: the resolver and client secret the app's provider uses (the same
 * VITE_ settings; the local stack's resolver is on the page's own origin, so a relative URL), the
 * flag's variants and the flows' paths.
 */
function bootFlag(root: string, env: Record<string, unknown>): { flag?: BootFlagSettings } {
  const variants = compiledProject(root).variants;
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

/** The baseline flow's spinner (the flow every visitor starts in), from the same compile as the build's. */
function baselineSpinnerMs(root: string): number {
  const result = compiledProject(root);
  const baseline = result.variants?.variants[result.variants.defaultVariant];
  // A broken project fails the flows plugin with located errors; the default is enough meanwhile.
  return (baseline === undefined ? undefined : result.flows.get(baseline)?.rootSpinnerMs) ?? DEFAULT_ROOT_SPINNER_MS;
}

/** A first step's page: index.html with the step's markup, title, spinner, inline CSS and preloads. */
function pageHtml(indexHtml: string, page: Page, chunks: readonly Rollup.OutputChunk[], bundle: Rollup.OutputBundle, pageBootScript: string, indexBootScript: string): string {
  const css = new Set<string>();
  for (const chunk of [...entryChunks(bundle), ...chunks]) for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
  const styles = [...css].map((file) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') throw new Error(`first-paint: CSS ${file} is not in the bundle`);
    return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  });
  // Started with the entry script after the first paint (below): the chunks, and the translations of
  // the page's language, which only the app reads (the boot script asks for another language's itself).
  const preloads = [
    modulePreloads(chunks),
    ...initialNamespaces.map((namespace) => `<link ${AFTER_PAINT_ATTRIBUTE}="preload" as="fetch" crossorigin href="/locales/${PRERENDER_LANGUAGE}/${namespace}.json">`),
  ].join('');
  let html = indexHtml;
  // The stylesheets are inlined: no render-blocking request before the first paint.
  for (const file of css) html = html.replace(new RegExp(`<link rel="stylesheet"[^>]*href="/${escapeRegExp(file)}"[^>]*>`), '');
  if (!html.includes(indexBootScript)) throw new Error('first-paint: the boot script is not in index.html');
  html = html
    .replace(`<script>${indexBootScript}</script>`, () => `<script>${pageBootScript}</script>`)
    .replace(/<style>:root\{--root-spinner-ms:[^}]*\}<\/style>/, `<style>${spinnerStyle(page.rootSpinnerMs)}</style>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title><style>${styles.join('')}</style>`)
    .replace('</head>', `${preloads}</head>`)
    .replace(APP_HTML, () => page.markup)
    // The step is painted from this HTML; the scripts only hydrate it. They are held (inert tags) until
    // the first paint, when the boot script starts them all at once (screens/boot/boot-script.ts): the
    // paint's own requests (font, icons, translations) go first, and a tap before the app took over is
    // kept for it.
    .replace(/<script type="module" crossorigin src=/g, `<script type="${HELD_TYPE}" ${AFTER_PAINT_ATTRIBUTE}="module" crossorigin src=`)
    .replace(/<link rel="modulepreload" crossorigin href=/g, `<link ${AFTER_PAINT_ATTRIBUTE}="modulepreload" crossorigin href=`)
    .replace('<div id="root">', `<div id="root" data-prerendered="${PRERENDER_LANGUAGE}">`);
  if (!html.includes(page.markup)) throw new Error('first-paint: index.html has no <!--app-html--> marker in #root');
  if (/<script type="module"|<link rel="modulepreload"/.test(html)) throw new Error('first-paint: a module script or preload of the page was not held until the first paint');
  return html;
}

/** The entry chunk and everything it imports statically (Vite already preloads those from index.html). */
function entryChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const entry = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
  return entry === undefined ? [] : withStaticImports(bundle, [entry]);
}

/** The mount module's chunk and its static imports, minus what the entry brings (Vite preloads those). */
function mountChunks(bundle: Rollup.OutputBundle, root: string): Rollup.OutputChunk[] {
  const id = join(root, MOUNT_MODULE);
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

/** What Vite's SSR loader returns is untyped; the export is checked for being a function, its result by pagesSchema. */
function isRenderFirstSteps(value: unknown): value is typeof renderFirstSteps {
  return typeof value === 'function';
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
