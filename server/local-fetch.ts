/**
 * A `fetch` that answers requests for this server's own URL in-process (no socket, no dependency on
 * the port or on SITE_URL being reachable from inside), and sends anything else to the network. Edge
 * Function handlers get clients built on it, so "call the REST API / RevenueCat" works the same way
 * locally and when those URLs point elsewhere.
 */
export function createLocalFetch(siteUrl: string, dispatch: (request: Request) => Response | Promise<Response>): typeof fetch {
  const origin = new URL(siteUrl).origin;
  const localFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (new URL(request.url).origin === origin) return dispatch(request);
    return fetch(request);
  };
  return localFetch;
}
