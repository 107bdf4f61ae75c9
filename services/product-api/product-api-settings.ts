export interface ProductApiEnv {
  readonly VITE_PRODUCT_API_URL?: string | undefined;
}

/**
 * Base URL of the product API (spec: "under a versioned base path /api/v1/"): this origin's
 * /api/v1 (the local stack, or the CDN in front of the deployment), unless VITE_PRODUCT_API_URL says
 * otherwise.
 */
export function productApiBaseUrl(env: ProductApiEnv, origin: string): string {
  const configured = env.VITE_PRODUCT_API_URL?.trim();
  return (configured ? configured : `${origin}/api/v1`).replace(/\/$/, '');
}
