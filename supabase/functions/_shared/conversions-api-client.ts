/**
 * A small client for Meta's Conversions API (`POST <graph>/<version>/<pixel id>/events`, WIRE.md), on
 * plain `fetch` so it runs on Deno (Supabase) and Node (local stack). Configured by META_GRAPH_API_URL
 * (Meta's is https://graph.facebook.com; the local stack's emulator is <site>/meta/graph),
 * META_GRAPH_API_VERSION, META_PIXEL_ID and META_ACCESS_TOKEN.
 */
export const META_GRAPH_API_URL = 'https://graph.facebook.com';
/** The Graph API version of facebook-nodejs-business-sdk 24.0.1, whose wire format this follows. */
export const META_GRAPH_API_VERSION = 'v24.0';

export interface ConversionsApiOptions {
  readonly graphApiUrl: string;
  readonly apiVersion: string;
  readonly pixelId: string;
  readonly accessToken: string;
  /** Events Manager's "Test events" code: events then show there and do not count. */
  readonly testEventCode?: string | undefined;
  readonly fetch?: typeof fetch;
}

/** One server event as Meta takes it (hashed fields as arrays, as the Business SDK sends them). */
export interface ConversionsApiEvent {
  readonly event_name: string;
  /** Unix seconds. */
  readonly event_time: number;
  readonly event_id: string;
  readonly event_source_url: string;
  readonly action_source: 'website';
  readonly user_data: Readonly<Record<string, string | readonly string[]>>;
  readonly custom_data?: Readonly<Record<string, string | number>>;
}

export interface ConversionsApiResult {
  readonly events_received: number;
  readonly fbtrace_id: string | undefined;
}

export class ConversionsApiError extends Error {
  override readonly name = 'ConversionsApiError';
  constructor(
    /** The HTTP status; undefined when Meta could not be reached. */
    readonly status: number | undefined,
    readonly body: string,
    options?: { readonly cause?: unknown },
  ) {
    super(status === undefined ? `Conversions API unreachable: ${body}` : `Conversions API answered ${status}: ${body.slice(0, 300)}`, options);
  }
}

export interface ConversionsApiClient {
  send(events: readonly ConversionsApiEvent[]): Promise<ConversionsApiResult>;
}

export function createConversionsApiClient(options: ConversionsApiOptions): ConversionsApiClient {
  const url = `${options.graphApiUrl.replace(/\/$/, '')}/${options.apiVersion}/${encodeURIComponent(options.pixelId)}/events`;
  const doFetch = options.fetch ?? fetch;
  return {
    async send(events) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          // The token in the body, the Business SDK's way (never in a URL that logs may keep).
          body: JSON.stringify({
            data: events,
            access_token: options.accessToken,
            ...(options.testEventCode === undefined || options.testEventCode === '' ? {} : { test_event_code: options.testEventCode }),
          }),
        });
      } catch (error) {
        throw new ConversionsApiError(undefined, error instanceof Error ? error.message : String(error), { cause: error });
      }
      const text = await response.text();
      if (!response.ok) throw new ConversionsApiError(response.status, text);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new ConversionsApiError(response.status, `not JSON: ${text.slice(0, 100)}`, { cause: error });
      }
      const received = typeof body === 'object' && body !== null && 'events_received' in body ? body.events_received : undefined;
      if (typeof received !== 'number') throw new ConversionsApiError(response.status, `no events_received: ${text.slice(0, 100)}`);
      const trace = typeof body === 'object' && body !== null && 'fbtrace_id' in body && typeof body.fbtrace_id === 'string' ? body.fbtrace_id : undefined;
      return { events_received: received, fbtrace_id: trace };
    },
  };
}
