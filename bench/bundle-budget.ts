import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkModulesFile } from '../tooling/vite-plugin-chunk-modules';

/**
 * Budget for the JavaScript the first funnel step needs before it answers a tap (issue 31: 135 KB gzip,
 * the stack's floor plus the product's own code; issue 14's 110 KB was retired, issue 2 had 90).
 */
export const firstStepBudgetBytes = 135 * 1024;

export interface BundleReport {
  /** Entry plus its static imports, with gzip sizes in bytes. */
  readonly firstStepFiles: readonly { readonly file: string; readonly gzipBytes: number }[];
  readonly firstStepGzipBytes: number;
  /** Files of dist/ whose code carries the YAML parser or classic zod (must be empty). */
  readonly forbidden: readonly { readonly file: string; readonly library: string }[];
  /** First-step files that carry Stripe code (must be empty: it loads with the payment route only). */
  readonly stripeInFirstStep: readonly { readonly file: string; readonly library: string }[];
  /**
   * Checkout sources (issue 10) in the first step's files, from the build's module map (must be empty:
   * the checkout adds nothing to the first step); undefined when the build wrote no map.
   */
  readonly checkoutInFirstStep: readonly ChunkModule[] | undefined;
  /**
   * The answer store's sources (restore and the spec's storage keys) in the first step's files (must be
   * empty, issue 28: the step loader loads them beside the flow chunk); undefined without a module map.
   */
  readonly answerStoreInFirstStep: readonly ChunkModule[] | undefined;
}

interface ChunkModule {
  readonly file: string;
  readonly module: string;
  readonly bytes: number;
}

/**
 * The checkout's sources (issue 10): its pages and route table, its machines and price rules, payments,
 * the pixel and server events, location and net amounts, receipts. They load from /checkout on. The
 * pixel's consent gate (services/tracking/consent-gated-conversions.ts, under 1 KB) is not among them:
 * the telemetry area starts it with the app, as the spec starts the pixel, and it loads the pixel itself
 * only once consent is granted.
 */
const checkoutSources: readonly RegExp[] = [
  /^screens\/checkout\//,
  /^services\/(?:checkout|payments|product-api|location|receipts)\//,
  /^services\/tracking\/(?!consent-gated-conversions\.ts$)/,
  /^engine\/(?:checkout-machine|payment-completion-machine|payment-page-params|plan-pricing|purchase-value)\.ts$/,
];

/** The answer store: restoring answers after a reload and writing the spec's keys (needed from the flow's machine on). */
const answerStoreSources: readonly RegExp[] = [/^engine\/(?:answer-storage|restore-answers|western-digits)\.ts$/, /^services\/funnel\/browser-answer-store\.ts$/];

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

/**
 * Reads `dist/.vite/manifest.json` (Vite's `build.manifest: true`) and measures what the first step
 * costs: the HTML entry's JS and everything it imports statically, gzip-compressed at level 9 (what
 * CDNs serve). Then scans every JS file in dist for the YAML parser and classic zod, which must stay
 * at build time. Returns undefined when there is no build.
 */
export function bundleBudget(distDir: string): BundleReport | undefined {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = parseManifest(readFileSync(manifestPath, 'utf8'));

  const needed = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (chunk === undefined || needed.has(chunk.file)) return;
    needed.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry === true) visit(key);

  const firstStepFiles = [...needed]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length }));
  const firstStepGzipBytes = firstStepFiles.reduce((sum, f) => sum + f.gzipBytes, 0);

  const forbidden: { file: string; library: string }[] = [];
  for (const file of listJs(distDir, distDir)) {
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const [library, pattern] of forbiddenLibraries) if (pattern.test(code)) forbidden.push({ file, library });
  }
  const stripeInFirstStep = firstStepFiles.flatMap(({ file }) => stripeCodeIn(readFileSync(join(distDir, file), 'utf8')).map((library) => ({ file, library })));
  return {
    firstStepFiles,
    firstStepGzipBytes,
    forbidden,
    stripeInFirstStep,
    checkoutInFirstStep: modulesIn(distDir, firstStepFiles, checkoutSources),
    answerStoreInFirstStep: modulesIn(distDir, firstStepFiles, answerStoreSources),
  };
}

function modulesIn(distDir: string, files: readonly { readonly file: string }[], sources: readonly RegExp[]): ChunkModule[] | undefined {
  const map = readChunkModules(distDir);
  if (map === undefined) return undefined;
  return files.flatMap(({ file }) =>
    Object.entries(map[file] ?? {})
      .filter(([module]) => sources.some((pattern) => pattern.test(module)))
      .map(([module, bytes]) => ({ file, module, bytes })),
  );
}

/** Where a first-step script's bytes come from: a library (its npm package), the bundler's runtime, or the product. */
export interface ByteShare {
  readonly source: string;
  readonly gzipBytes: number;
}

/**
 * Splits scripts' gzip bytes by source, largest first: each file's bytes go to its modules' packages in
 * proportion to their rendered size before minification (an estimate for the few chunks that mix a
 * library with product code; the rest are pure). The product is every module outside node_modules.
 * Undefined when the build wrote no module map.
 */
export function byteShares(distDir: string, files: readonly { readonly file: string; readonly gzipBytes: number }[]): ByteShare[] | undefined {
  const map = readChunkModules(distDir);
  if (map === undefined) return undefined;
  const shares = new Map<string, number>();
  for (const { file, gzipBytes } of files) {
    const modules = Object.entries(map[file.replace(/^\//, '')] ?? {});
    const rendered = modules.reduce((sum, [, bytes]) => sum + bytes, 0);
    if (rendered === 0) shares.set(bundlerRuntime, (shares.get(bundlerRuntime) ?? 0) + gzipBytes);
    for (const [module, bytes] of modules) {
      const source = sourceOf(module);
      shares.set(source, (shares.get(source) ?? 0) + (gzipBytes * bytes) / rendered);
    }
  }
  return [...shares].map(([source, bytes]) => ({ source, gzipBytes: Math.round(bytes) })).sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The label of the product's own code in byteShares. */
export const productSource = 'the product';
const bundlerRuntime = 'bundler runtime';

function sourceOf(module: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module);
  if (inPackage?.[1] !== undefined) return inPackage[1];
  // Rolldown's and Vite's virtual helpers (the module loader, the preload helper) start with a NUL byte.
  return module.startsWith('\0') && !module.startsWith('\0virtual:') ? bundlerRuntime : productSource;
}

/** The build's module map (which sources each chunk carries, with their sizes); undefined without one. */
function readChunkModules(distDir: string): Record<string, Record<string, number>> | undefined {
  const mapPath = join(distDir, chunkModulesFile);
  return existsSync(mapPath) ? parseChunkModules(readFileSync(mapPath, 'utf8')) : undefined;
}

function parseChunkModules(text: string): Record<string, Record<string, number>> {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null) throw new Error(`${chunkModulesFile}: not an object`);
  const map: Record<string, Record<string, number>> = {};
  for (const [file, modules] of Object.entries(data as Record<string, unknown>)) {
    if (typeof modules !== 'object' || modules === null) continue;
    map[file] = Object.fromEntries(Object.entries(modules).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  }
  return map;
}

/**
 * Strings that survive minification in each piece of payment code: Stripe.js's loader (its script
 * URL), react-stripe-js (its prop check's message and the name it registers), and the local sandbox
 * (its frames' path and message channel).
 */
const stripeLibraries: readonly (readonly [string, RegExp])[] = [
  ['@stripe/stripe-js', /js\.stripe\.com/],
  ['@stripe/react-stripe-js', /react-stripe-js|Invalid prop `stripe` supplied to `Elements`/],
  ['Stripe.js sandbox', /\/_stripe-js\/|stripe-sandbox/],
];

/** Which payment libraries a script carries. */
export function stripeCodeIn(code: string): string[] {
  return stripeLibraries.filter(([, pattern]) => pattern.test(code)).map(([library]) => library);
}

/**
 * Strings that survive minification: error messages of the yaml package, and the class names classic
 * zod registers (`zod/mini` registers `ZodMini...` names instead, which is allowed).
 */
const forbiddenLibraries: readonly (readonly [string, RegExp])[] = [
  ['yaml parser', /Map keys must be unique|Implicit keys need to be on a single line|YAMLParseError/],
  ['classic zod', /["'`]Zod(?:Object|String|Pipe|Union)["'`]/],
];

function listJs(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listJs(root, full);
    return entry.name.endsWith('.js') ? [full.slice(root.length + 1)] : [];
  });
}

function parseManifest(text: string): Record<string, ManifestChunk> {
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null) throw new Error('dist/.vite/manifest.json: not an object');
  const chunks: Record<string, ManifestChunk> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'object' || value === null) continue;
    const file: unknown = Reflect.get(value, 'file');
    const isEntry: unknown = Reflect.get(value, 'isEntry');
    const imports: unknown = Reflect.get(value, 'imports');
    if (typeof file !== 'string') continue;
    chunks[key] = {
      file,
      ...(isEntry === true ? { isEntry: true } : {}),
      ...(Array.isArray(imports) ? { imports: imports.filter((i): i is string => typeof i === 'string') } : {}),
    };
  }
  return chunks;
}
