/**
 * The local stack's well-known secrets (server/config.ts defines them; a unit test holds the two lists
 * equal). They are published in this repository, so a production function refuses to start with one.
 */
export const PUBLISHED_LOCAL_SECRETS: readonly string[] = [
  'super-secret-jwt-token-with-at-least-32-characters-long',
  'sk_local_revenuecat_secret',
  'sk_test_local_stripe_emulator',
  'local-meta-conversions-api-token',
  'whsec_local_stripe_webhook_secret',
];
