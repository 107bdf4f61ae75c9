// The build-time variables the browser services read (all optional: the local stack's defaults apply).
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_REVENUECAT_API_URL?: string;
  readonly VITE_REVENUECAT_PUBLIC_KEY?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_STRIPE_SANDBOX_URL?: string;
  readonly VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY?: string;
  readonly VITE_STRIPE_PRODUCT_ID?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_SNOWPLOW_COLLECTOR_URL?: string;
  readonly VITE_SNOWPLOW_APP_ID?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_SENTRY_ENVIRONMENT?: string;
  readonly VITE_SENTRY_RELEASE?: string;
  readonly VITE_META_PIXEL_ID?: string;
  readonly VITE_META_PIXEL_SCRIPT_URL?: string;
  readonly VITE_PRODUCT_API_URL?: string;
  readonly VITE_CONFIDENCE_CLIENT_SECRET?: string;
  readonly VITE_CONFIDENCE_RESOLVER_URL?: string;
  /** False in a bench build with the next-step prefetch switched off (tooling/first-paint-devices.ts); else on. */
  readonly NEXT_STEP_PREFETCH?: boolean;
  /** False in a bench build with the next step's page rendered ahead switched off (tooling/first-paint-devices.ts); else on. */
  readonly NEXT_STEP_PRERENDER?: boolean;
}
