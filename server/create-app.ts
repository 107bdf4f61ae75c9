import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ApiKeys } from './api-keys';
import { createProductApiRoutes } from './api/create-product-api-routes';
import { loadPaymentFees } from './api/payment-fees';
import type { PaymentFees } from './api/payment-fees';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { createFunctionsRoutes } from './functions/create-functions-routes';
import { createLocalFetch } from './local-fetch';
import { createRestRoutes } from './rest/create-rest-routes';
import { createRevenueCatDevRoutes } from './revenuecat/create-revenuecat-dev-routes';
import { createRevenueCatRoutes } from './revenuecat/create-revenuecat-routes';
import { fetchStripeSubscription } from './revenuecat/fetch-stripe-subscription';
import { createStripeClient } from '../supabase/functions/_shared/stripe-client';
import { serveSpa } from './serve-spa';
import { withInlineSourceHashes } from './inline-source-hashes';
import { createSentryDevRoutes } from './sentry/create-sentry-dev-routes';
import { createSentryRoutes } from './sentry/create-sentry-routes';
import { createSentryStore } from './sentry/sentry-store';
import { createCollectorRoutes, TP2_PATH } from './snowplow/create-collector-routes';
import { bodyLimitsByPath } from './body-limits';
import { createDevFaults } from './dev-faults/dev-faults';
import { devRoutesGuard } from './dev-routes-guard';
import { createMicroRoutes } from './snowplow/create-micro-routes';
import { createFunnelReportRoutes } from './snowplow/create-funnel-report-routes';
import { reportFlows } from './snowplow/report-flows';
import { repoRoot } from './repo-root';
import { createIgluRegistry } from './snowplow/iglu-registry';
import { createSnowplowStore } from './snowplow/snowplow-store';
import { createStripeJsRoutes } from './stripe-js/create-stripe-js-routes';
import { stripeJsFrameHeaders } from './stripe-js/stripe-js-frame-headers';
import { createStripeEmulator } from './stripe/create-stripe-emulator';
import { createStripeDevRoutes } from './stripe/create-stripe-dev-routes';
import { createSherlockRoutes } from './api/sherlock/create-sherlock-routes';
import { createMetaDevRoutes } from './meta/create-meta-dev-routes';
import { createMetaRoutes } from './meta/create-meta-routes';
import { createConfidenceRoutes } from './confidence/create-confidence-routes';
import { loadFlagVariants } from './confidence/load-flag-variants';
import { createExperimentReportRoutes } from './experiments/create-experiment-report-routes';
import { reportExperiments } from './experiments/report-experiments';
import type { CompiledVariants } from '../engine/compiled-flow';

export interface AppDeps {
  readonly db: Database;
  readonly config: ServerConfig;
  readonly apiKeys: ApiKeys;
  /** Mounted at /auth/v1 (server/auth/create-auth-routes.ts). */
  readonly authRoutes?: Hono;
  /** Mounted at /_dev/mail (server/mail/create-mail-routes.ts). */
  readonly mailRoutes?: Hono;
  /** Wakes the Stripe emulator's webhook delivery after a request produced events. */
  readonly onStripeEvents?: () => void;
  /** The net-amount endpoint's fee table; config/payment-fees.yaml (checked here, at start-up) by default. */
  readonly paymentFees?: PaymentFees;
}

/** What supabase-js sends (WIRE.md), and what it reads back. */
const corsOptions = {
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: [
    'apikey',
    'authorization',
    'content-type',
    'x-client-info',
    'x-supabase-api-version',
    'prefer',
    'content-profile',
    'accept-profile',
    'range',
    'accept',
    'x-platform',
  ],
  exposeHeaders: ['content-range', 'preference-applied', 'x-supabase-api-version', 'x-sb-error-code', 'range-unit'],
  maxAge: 86400,
};

/**
 * The whole local stack as one Hono app: Supabase's auth, REST and functions paths, the RevenueCat
 * emulator, dev tools and the built SPA, with CORS on the API and security headers everywhere.
 */
export function createApp(deps: AppDeps): Hono {
  const { db, config, apiKeys } = deps;
  const paymentFees = deps.paymentFees ?? loadPaymentFees();
  const app = new Hono();
  const localFetch = createLocalFetch(config.siteUrl, (request) => app.fetch(request));
  // Stripe's own hosts, when the build loads the real Stripe.js (STRIPE.md 2.1; Stripe's CSP guide).
  const stripe = config.realStripeJs ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] } : { script: [], frame: [], connect: [] };
  // Meta's hosts, when the build loads the real fbevents.js (its script, its config fetch, its /tr beacons).
  const meta = config.realMetaPixel
    ? { script: ['https://connect.facebook.net'], img: ['https://www.facebook.com'], connect: ['https://connect.facebook.net', 'https://www.facebook.com'] }
    : { script: [], img: [], connect: [] };

  // Before the app-wide headers, so it runs after them: the sandbox's frames must be frameable.
  app.use('/_stripe-js/*', stripeJsFrameHeaders());
  // Also before them, so it runs after them: a page's own inline boot script and critical CSS
  // (serve-spa.ts hashes them) are allowed by hash, never by 'unsafe-inline'.
  app.use('*', async (c, next) => {
    await next();
    const hashes = c.get('inlineSourceHashes');
    const policy = c.res.headers.get('Content-Security-Policy');
    if (hashes !== undefined && policy !== null) c.res.headers.set('Content-Security-Policy', withInlineSourceHashes(policy, hashes));
  });
  app.use(
    '*',
    secureHeaders({
      // The SPA loads only its own scripts, styles, fonts and images and talks only to this origin.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script, ...meta.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...meta.img],
        fontSrc: ["'self'"],
        // Telemetry goes to this stack unless the build names a collector or a Sentry DSN elsewhere.
        connectSrc: ["'self'", ...stripe.connect, ...meta.connect, ...config.telemetryOrigins],
        // The payment form is a frame: the sandbox's from this stack, or Stripe's.
        frameSrc: ["'self'", ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      // API answers are read cross-origin by a Vite dev server or another front end.
      crossOriginResourcePolicy: false,
      // A route that sets its own header keeps it: the mailbox's HTML view is sandboxed by its CSP.
      overwrite: false,
    }),
  );
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*', '/revenuecat/v1/*', '/api/v1/*']) app.use(prefix, cors(corsOptions));
  // Stripe.js's calls are CORS simple requests (form or GET, no custom headers), so no preflight is
  // needed; answers still have to allow the page's origin to read them (STRIPE.md 2.6).
  app.use('/v1/*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'], allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'stripe-version'], exposeHeaders: ['request-id', 'idempotent-replayed', 'original-request', 'stripe-version'], maxAge: 86400 }));

  // Every route's body limit, before any route reads a body (after CORS, so a page can read the 413).
  app.use('*', bodyLimitsByPath());
  if (deps.authRoutes !== undefined) app.route('/auth/v1', deps.authRoutes);
  // Before every dev route: this machine's host names only, no state change from another site.
  if (config.devRoutes) {
    const guard = devRoutesGuard(config.siteUrl);
    for (const path of ['/_dev', '/_dev/*', '/micro', '/micro/*']) app.use(path, guard);
  }
  // Without auth by design (a developer's tools); off with DEV_ROUTES=off, and required off beyond
  // loopback (server/config.ts publicExposureProblems).
  if (config.devRoutes && deps.mailRoutes !== undefined) app.route('/_dev/mail', deps.mailRoutes);
  app.route('/rest/v1', createRestRoutes({ db, config }));
  app.route('/functions/v1', createFunctionsRoutes({ config, apiKeys, fetch: localFetch, functionsDirectory: config.functionsDir }));
  // RevenueCat's Stripe integration reads Stripe (the emulator here, or STRIPE_API_URL) with the SDK.
  const stripeApi = createStripeClient({ secretKey: config.stripeApiKey, apiUrl: config.stripeApiUrl, fetch: localFetch });
  app.route('/revenuecat/v1', createRevenueCatRoutes({ db, config, lookUpStripeSubscription: (id) => fetchStripeSubscription(stripeApi, id) }));
  if (config.devRoutes) app.route('/_dev/revenuecat', createRevenueCatDevRoutes({ db }));
  if (config.devRoutes) app.route('/_dev/stripe', createStripeDevRoutes({ db }));
  app.route('/_stripe-js', createStripeJsRoutes());
  // The dev switch that makes the third-party stand-ins fail or hang (issue 12 section 6): global at
  // /_dev/faults or per browser by cookie; only with the dev routes. Registered before their routes.
  if (config.devRoutes) {
    const faults = createDevFaults();
    app.route('/_dev/faults', faults.routes());
    for (const path of [TP2_PATH, '/i']) app.use(path, faults.guard('snowplow'));
    app.use('/api/:project/envelope/', faults.guard('sentry'));
    // The browser pixel's script and beacons; the Conversions API (/meta/graph) is server to server.
    for (const path of ['/meta/fbevents.js', '/meta/tr', '/meta/tr/']) app.use(path, faults.guard('pixel'));
    app.use('/confidence/v1/*', faults.guard('flags'));
  }
  // Confidence's flag resolver (base URL {site}/confidence), fed from flows/variants.yaml, compiled on
  // first use so a stack that never resolves a flag does not pay for it.
  let flagVariants: CompiledVariants | undefined;
  const confidence = createConfidenceRoutes({ variants: () => (flagVariants ??= loadFlagVariants(repoRoot(import.meta.url))) });
  app.route('/confidence', confidence.routes);
  if (config.devRoutes) app.route('/_dev/confidence', confidence.devRoutes);
  app.route('/meta', createMetaRoutes({ db, config }));
  if (config.devRoutes) app.route('/_dev/pixel', createMetaDevRoutes({ db }));
  app.route('/api/v1/sherlock', createSherlockRoutes({ db }));
  app.route('/api/v1', createProductApiRoutes({ db, defaultLocation: config.defaultLocation, paymentFees }));
  app.route('/v1', createStripeEmulator({ db, config, ...(deps.onStripeEvents === undefined ? {} : { onEvents: deps.onStripeEvents }) }));
  // Snowplow: the collector always (the app's tracker posts here unless the build names another);
  // Micro's API only with the dev routes (it lists every visitor's events).
  const snowplowStore = createSnowplowStore(db);
  const iglu = createIgluRegistry(config.igluSchemasDir);
  app.route('/', createCollectorRoutes({ store: snowplowStore, registry: iglu }));
  if (config.devRoutes) app.route('/micro', createMicroRoutes({ store: snowplowStore, registry: iglu }));
  if (config.devRoutes) {
    const root = repoRoot(import.meta.url);
    app.route('/_dev/funnel', createFunnelReportRoutes({ store: snowplowStore, flows: () => reportFlows(root), repoRoot: root }));
    app.route('/_dev/experiments', createExperimentReportRoutes({ db, experiments: () => reportExperiments(root), repoRoot: root }));
  }
  // Sentry: the ingest endpoint of the local DSN, and what it received at /_dev/errors.
  const sentryStore = createSentryStore(db);
  app.route('/api', createSentryRoutes({ store: sentryStore }));
  if (config.devRoutes) app.route('/_dev/errors', createSentryDevRoutes({ store: sentryStore }));
  app.use('*', serveSpa(config.distDir));

  app.notFound((c) => c.json({ code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error('Unhandled error', error);
    return c.json({ code: 'internal_error', message: 'Internal server error' }, 500);
  });
  return app;
}
