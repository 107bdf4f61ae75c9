/**
 * The public defaults a build without deployment settings gets, so a plain `npm start` works with no
 * setup. The browser's settings (services/*-settings.ts) use them, and the production check of the build
 * (build-env.ts) refuses them: both read them here, since engine/ imports nothing from services/.
 */

/**
 * The anon key of the local stack with its well-known local JWT secret (server/config.ts
 * LOCAL_JWT_SECRET, fixed iat/exp in server/api-keys.ts), like the fixed anon key of `supabase start`.
 * It is public by design (role anon; RLS decides what it may do), so a plain `npm start` build works
 * with no setup. A deployment sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build time.
 * tests/unit/services/supabase-settings.test.ts proves it matches what the server derives.
 */
export const LOCAL_STACK_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImlzcyI6InN1cGFiYXNlLWRlbW8iLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6MjAwMDAwMDAwMH0.ZxBhVEYye2lqm5NDdkey-JP6uTHcqvZriXUoBtyQniY';

/**
 * The support address when the build sets none: the local stack's mailbox catches nothing sent to it,
 * so it is a placeholder that a deployment replaces with VITE_SUPPORT_EMAIL (docs/local-stack.md).
 */
export const LOCAL_SUPPORT_EMAIL = 'support@example.com';

/**
 * The local stack's RevenueCat public app key (server/config.ts REVENUECAT_LOCAL_PUBLIC_KEY). Public
 * keys ship in apps by design: they can only read subscribers.
 */
export const LOCAL_REVENUECAT_PUBLIC_KEY = 'rcb_local_revenuecat_public';

/**
 * The local stack's Stripe publishable key (the emulator's default, server/config.ts
 * STRIPE_LOCAL_PUBLISHABLE_KEY; a unit test proves they match). Publishable
 * keys ship in the page by design: with a client secret they can confirm that one PaymentIntent.
 */
export const STRIPE_LOCAL_PUBLISHABLE_KEY = 'pk_test_local_stripe_emulator';
