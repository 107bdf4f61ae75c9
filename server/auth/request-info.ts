import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export interface RequestInfo {
  /** The client address rate limits and sessions are keyed on. */
  readonly ip: string;
  readonly userAgent: string | null;
}

/**
 * The client behind a request. `ipHeader` (like GoTrue's GOTRUE_RATE_LIMIT_HEADER) names a header set by
 * a trusted proxy, such as x-forwarded-for, whose first entry is the client; without it the socket's
 * address counts, so a client cannot dodge a limit by sending its own header.
 */
export function requestInfo(c: Context, ipHeader: string | undefined): RequestInfo {
  return { ip: clientIp(c, ipHeader), userAgent: c.req.header('user-agent') ?? null };
}

function clientIp(c: Context, ipHeader: string | undefined): string {
  if (ipHeader !== undefined) {
    const first = c.req.header(ipHeader)?.split(',')[0]?.trim();
    if (first !== undefined && first !== '') return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not served by @hono/node-server (app.request() in a test): there is no socket to ask.
    return 'unknown';
  }
}
