import { invalidRequest } from './stripe-api-error';
import type { StripeAnswer, StripeContext } from './stripe-context';
import type { StripeObjectKind } from './stripe-objects';
import { matchesSearch, parseSearchQuery } from './search-query';

/** `limit` as Stripe reads it: 1 to 100, default 10. */
export function listLimit(context: StripeContext): number {
  const limit = context.params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid integer: limit must be between 1 and 100', 'limit', 'parameter_invalid_integer');
  return limit;
}

/** A list answer (`{object:'list', data, has_more, url}`) for one kind, filtered by JSON containment. */
export async function listAnswer(
  context: StripeContext,
  kind: StripeObjectKind,
  where: Readonly<Record<string, unknown>>,
  url: string,
): Promise<StripeAnswer> {
  const startingAfter = context.params.string('starting_after');
  const endingBefore = context.params.string('ending_before');
  const page = await context.store.list(kind, where, {
    limit: listLimit(context),
    ...(startingAfter === undefined ? {} : { startingAfter }),
    ...(endingBefore === undefined ? {} : { endingBefore }),
  });
  return { status: 200, body: await context.render({ object: 'list', data: page.data, has_more: page.hasMore, url }) };
}

/**
 * A search answer (`{object:'search_result', data, has_more, next_page, url}`); `page` is the opaque
 * cursor from `next_page`. Unlike Stripe's, the emulator's search sees writes at once.
 */
export async function searchAnswer(context: StripeContext, kind: StripeObjectKind, url: string): Promise<StripeAnswer> {
  const query = parseSearchQuery(context.params.requiredString('query'));
  const limit = listLimit(context);
  const page = context.params.string('page');
  let offset = 0;
  if (page !== undefined) {
    const decoded = /^offset:(\d+)$/.exec(Buffer.from(page, 'base64url').toString('utf8'));
    if (decoded === null) throw invalidRequest('Invalid page token.', 'page');
    offset = Number(decoded[1]);
  }
  const matching = (await context.store.all(kind)).filter((object) => matchesSearch(object, query));
  const data = matching.slice(offset, offset + limit);
  const hasMore = matching.length > offset + limit;
  return {
    status: 200,
    body: await context.render({
      object: 'search_result',
      data,
      has_more: hasMore,
      next_page: hasMore ? Buffer.from(`offset:${offset + limit}`).toString('base64url') : null,
      url,
    }),
  };
}
