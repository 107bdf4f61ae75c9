/** Build variables a real deployment would set: everything a production build asks for, none local. */
export const productionBuildEnv: Readonly<Record<string, string>> = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiIsInJlZiI6InByb2QifQ.c2lnbmF0dXJl',
  VITE_REVENUECAT_API_URL: 'https://api.revenuecat.com/v1',
  VITE_REVENUECAT_PUBLIC_KEY: 'rcb_AbCdEfGhIjKlMnOp',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEfGhIjKlMnOp',
  VITE_SUPPORT_EMAIL: 'help@nutrition.example.org',
  VITE_SNOWPLOW_COLLECTOR_URL: 'https://collector.nutrition.example.org',
  VITE_SENTRY_DSN: 'https://0123456789abcdef@o1.ingest.sentry.io/42',
};

/** Function secrets of a real deployment (Supabase sets the SUPABASE_* ones). */
export const productionFunctionsEnv: Readonly<Record<string, string>> = {
  SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.anon.c2ln',
  SUPABASE_SERVICE_ROLE_KEY: 'eyJhbGciOiJIUzI1NiJ9.service.c2ln',
  STRIPE_SECRET_KEY: 'rk_live_51AbCdEfGhIjKlMnOp',
  STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEfGhIjKlMnOpQrStUv',
  REVENUECAT_SECRET_KEY: 'sk_AbCdEfGhIjKlMnOpQrStUv',
  MAIL_API_URL: 'https://mail-relay.nutrition.example.org',
  MAIL_FROM: 'receipts@nutrition.example.org',
  DEPLOY_ENV: 'production',
};
