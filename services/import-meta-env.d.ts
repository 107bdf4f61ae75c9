// The build-time variables the browser services read (all optional: the local stack's defaults apply).
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_REVENUECAT_API_URL?: string;
  readonly VITE_REVENUECAT_PUBLIC_KEY?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_STRIPE_SANDBOX_URL?: string;
  readonly VITE_STRIPE_SANDBOX_PUBLISHABLE_KEY?: string;
}
