/**
 * A small RevenueCat REST v1 client for Edge Functions: plain `fetch`, so it runs on Deno (Supabase) and
 * Node (local stack). Configured by REVENUECAT_API_URL (RevenueCat's is https://api.revenuecat.com/v1;
 * the local stack's emulator is <site>/revenuecat/v1) and REVENUECAT_SECRET_KEY.
 */
export interface RevenueCatClientOptions {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly fetch?: typeof fetch;
}

export interface RevenueCatSubscriberResponse {
  readonly request_date: string;
  readonly subscriber: {
    readonly original_app_user_id: string;
    readonly first_seen: string;
    readonly entitlements: Readonly<Record<string, { readonly expires_date: string | null; readonly product_identifier: string; readonly purchase_date: string }>>;
    readonly subscriptions: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    readonly subscriber_attributes: Readonly<Record<string, { readonly value: string; readonly updated_at_ms: number }>>;
  };
}

export interface RevenueCatClient {
  getSubscriber(appUserId: string): Promise<RevenueCatSubscriberResponse>;
  /** Sets (or, with null, deletes) subscriber attributes such as `$email`. */
  setAttributes(appUserId: string, attributes: Readonly<Record<string, string | null>>): Promise<void>;
  /** Records a Stripe subscription (`fetch_token` is its id) for the app user. */
  postStripeReceipt(appUserId: string, subscriptionId: string): Promise<RevenueCatSubscriberResponse>;
}

export class RevenueCatApiError extends Error {
  override readonly name = 'RevenueCatApiError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`RevenueCat answered ${status}: ${body.slice(0, 200)}`);
  }
}

export function createRevenueCatClient(options: RevenueCatClientOptions): RevenueCatClient {
  const baseUrl = options.apiUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    const response = await doFetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${options.secretKey}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new RevenueCatApiError(response.status, text);
    return text === '' ? undefined : JSON.parse(text);
  }

  const subscriberPath = (appUserId: string) => `/subscribers/${encodeURIComponent(appUserId)}`;

  return {
    async getSubscriber(appUserId) {
      // The response is RevenueCat's documented subscriber object.
      return (await call('GET', subscriberPath(appUserId))) as RevenueCatSubscriberResponse;
    },
    async setAttributes(appUserId, attributes) {
      const now = Date.now();
      await call('POST', `${subscriberPath(appUserId)}/attributes`, {
        attributes: Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, { value, updated_at_ms: now }])),
      });
    },
    async postStripeReceipt(appUserId, subscriptionId) {
      return (await call('POST', '/receipts', { app_user_id: appUserId, fetch_token: subscriptionId }, { 'X-Platform': 'stripe' })) as RevenueCatSubscriberResponse;
    },
  };
}
