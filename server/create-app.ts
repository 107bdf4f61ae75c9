import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ApiKeys } from './api-keys';
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
import { createStripeJsRoutes } from './stripe-js/create-stripe-js-routes';
import { stripeJsFrameHeaders } from './stripe-js/stripe-js-frame-headers';
import { createStripeEmulator } from './stripe/create-stripe-emulator';
import { createStripeDevRoutes } from './stripe/create-stripe-dev-routes';

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
  const app = new Hono();
  const localFetch = createLocalFetch(config.siteUrl, (request) => app.fetch(request));
  // Stripe's own hosts, when the build loads the real Stripe.js (STRIPE.md 2.1; Stripe's CSP guide).
  const stripe = config.realStripeJs ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] } : { script: [], frame: [], connect: [] };

  // Before the app-wide headers, so it runs after them: the sandbox's frames must be frameable.
  app.use('/_stripe-js/*', stripeJsFrameHeaders());
  app.use(
    '*',
    secureHeaders({
      // The SPA loads only its own scripts, styles, fonts and images and talks only to this origin.
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripe.connect],
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
    }),
  );
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/functions/v1/*', '/revenuecat/v1/*']) app.use(prefix, cors(corsOptions));
  // Stripe.js's calls are CORS simple requests (form or GET, no custom headers), so no preflight is
  // needed; answers still have to allow the page's origin to read them (STRIPE.md 2.6).
  app.use('/v1/*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'], allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'stripe-version'], exposeHeaders: ['request-id', 'idempotent-replayed', 'original-request', 'stripe-version'], maxAge: 86400 }));

  if (deps.authRoutes !== undefined) app.route('/auth/v1', deps.authRoutes);
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
  app.route('/v1', createStripeEmulator({ db, config, ...(deps.onStripeEvents === undefined ? {} : { onEvents: deps.onStripeEvents }) }));
  app.use('*', serveSpa(config.distDir));

  app.notFound((c) => c.json({ code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    console.error('Unhandled error', error);
    return c.json({ code: 'internal_error', message: 'Internal server error' }, 500);
  });
  return app;
}
