import { describe, expect, it } from 'vitest';
import { completedView, countsFromSearch, countsToSearch } from '../../../engine/cancel-refund-result';

const counts = (appStore: number, playStore: number, canceled: number, refunded: number) => ({
  activeAppStoreSubscriptionsCount: appStore,
  activePlayStoreSubscriptionsCount: playStore,
  canceledStripeSubscriptionsCount: canceled,
  refundedStripeSubscriptionsCount: refunded,
});

describe('the completed page', () => {
  it.each([
    ['cancelation', counts(0, 0, 1, 0), 'thankYou'],
    ['cancelation', counts(1, 0, 1, 0), 'furtherAction'],
    ['cancelation', counts(0, 2, 0, 0), 'furtherAction'],
    ['refund', counts(0, 0, 1, 1), 'thankYou'],
    ['refund', counts(0, 1, 1, 1), 'furtherAction'],
    ['refund', counts(0, 0, 1, 0), 'sorry'],
    ['refund', counts(1, 1, 2, 0), 'sorry'],
    ['refund', counts(0, 0, 2, 1), 'thankYou'],
    ['refund', counts(1, 0, 0, 0), 'furtherAction'],
  ] as const)('%s %o -> %s', (action, answer, headline) => {
    expect(completedView(action, answer).headline).toBe(headline);
  });

  it('keeps the store counts for the guidance list', () => {
    expect(completedView('refund', counts(2, 1, 1, 0))).toEqual({ headline: 'sorry', appStore: 2, playStore: 1, canceled: 1, refunded: 0 });
  });

  it('carries the counts through the query; anything malformed reads as 0', () => {
    const answer = counts(1, 2, 3, 4);
    expect(countsFromSearch(new URLSearchParams(countsToSearch(answer)))).toEqual(answer);
    expect(countsFromSearch(new URLSearchParams('canceled=-1&refunded=x&appStore=1e3'))).toEqual(counts(0, 0, 0, 0));
  });
});
