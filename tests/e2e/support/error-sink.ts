import type { APIRequestContext } from '@playwright/test';

/** An error event as the stack's Sentry sink lists it (`/_dev/errors/api/events`, issue 12 section 3). */
export interface ErrorSummary {
  readonly title: string;
  readonly url: string | null;
  readonly event: unknown;
}

/** The sink's error events whose page URL or title carries `mark` (tests share the stack). */
export async function reportedErrors(request: APIRequestContext, mark: string): Promise<ErrorSummary[]> {
  const all = (await (await request.get('/_dev/errors/api/events')).json()) as ErrorSummary[];
  return all.filter((event) => event.title.includes(mark) || event.url?.includes(mark) === true);
}
