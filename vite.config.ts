import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { vitePluginBuildEnv } from './engine/vite-plugin-build-env.ts';
import { vitePluginFlows } from './engine/vite-plugin-flows.ts';
import { vitePluginPaywalls } from './engine/vite-plugin-paywalls.ts';
import { vitePluginSocialProof } from './engine/vite-plugin-social-proof.ts';
import { vitePluginConsumerRules } from './engine/vite-plugin-consumer-rules.ts';
import { vitePluginStoreListings } from './engine/vite-plugin-store-listings.ts';
import { vitePluginChunkModules } from './tooling/vite-plugin-chunk-modules.ts';
import { vitePluginCompileHints } from './tooling/vite-plugin-compile-hints.ts';
import { firstPaintDevices } from './tooling/first-paint-devices.ts';
import { vitePluginFirstPaint } from './tooling/vite-plugin-first-paint.ts';
import { vitePluginPreloadFont } from './tooling/vite-plugin-preload-font.ts';
import { vitePluginReactRouterProduction } from './tooling/vite-plugin-react-router-production.ts';

/**
 * The paths the local stack answers for the app (server/create-app.ts). In production one process
 * serves them and the app from the same origin; the dev server forwards them, so the app (which talks
 * to its own origin) signs up, signs in and pays against a running stack with hot reload.
 */
const localStackPaths = ['/auth/v1', '/rest/v1', '/functions/v1', '/revenuecat/v1', '/v1/', '/api/v1/', '/_dev/', '/_stripe-js/', '/meta/'];
const localStackUrl = process.env.LOCAL_STACK_URL ?? 'http://localhost:3000';
// The bench's switches for the first-paint devices (tooling/first-paint-devices.ts); all on in every other build.
const devices = firstPaintDevices();

// Flows are compiled here at build time (and recompiled on edit in dev): see engine/vite-plugin-flows.ts.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: 'public',
  plugins: [
    vitePluginBuildEnv(),
    // React Router's production build in a production bundle (its package exports name only the development one).
    vitePluginReactRouterProduction(),
    react(),
    vitePluginFlows(),
    vitePluginStoreListings(),
    vitePluginConsumerRules(),
    vitePluginSocialProof(),
    vitePluginPaywalls(),
    // The root spinner and the boot script in the HTML; at build, each flow's first step prerendered by
    // a server bundle of the app's render (the builder's ssr environment, built before the client).
    vitePluginFirstPaint(),
    // Which sources each chunk carries, so the bench can say whose code the first step loads.
    vitePluginChunkModules(fileURLToPath(new URL('.', import.meta.url))),
    // The code of a funnel tap compiled while it streams in, off the main thread (V8 compile hints).
    vitePluginCompileHints(),
    vitePluginPreloadFont(/manrope-latin-wght-normal-[\w-]+\.woff2$/),
    // Brotli (quality 11) and gzip (level 9) beside every text file of the build, public/ included, so
    // `npm start` (server/serve-spa.ts) and any CDN serve them without compressing per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/, logLevel: 'silent' }),
  ],
  // The next step's prefetch and its page rendered ahead, as the app reads them.
  define: { 'import.meta.env.NEXT_STEP_PREFETCH': JSON.stringify(devices.prefetch), 'import.meta.env.NEXT_STEP_PRERENDER': JSON.stringify(devices.prerender) },
  server: {
    proxy: Object.fromEntries(localStackPaths.map((path) => [path, { target: localStackUrl }])),
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Fonts stay files (never base64 in the render-blocking CSS): the browser fetches only the subsets a
    // page's text needs (unicode-range), and the Latin one is preloaded.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
});
