import type { HelpCentreAction } from './subscription-eligibility';

/** The four counts the cancel and refund functions answer (spec, section 3). */
export interface CancelRefundResultCounts {
  readonly activeAppStoreSubscriptionsCount: number;
  readonly activePlayStoreSubscriptionsCount: number;
  readonly canceledStripeSubscriptionsCount: number;
  readonly refundedStripeSubscriptionsCount: number;
}

/** What the completed page leads with. */
export type CompletedHeadline = 'thankYou' | 'furtherAction' | 'sorry';

export interface CompletedView {
  readonly headline: CompletedHeadline;
  /** Store subscriptions only the store can cancel or refund: listed with their guidance links. */
  readonly appStore: number;
  readonly playStore: number;
  readonly canceled: number;
  readonly refunded: number;
}

/**
 * The completed page (spec): cancelation -> thank-you, or further action needed when store
 * subscriptions remain (listed with their counts); refund -> the same, except that web subscriptions
 * canceled with none refunded is "sorry, the subscription could not be refunded" (the store guidance
 * is listed under it too).
 */
export function completedView(action: HelpCentreAction, counts: CancelRefundResultCounts): CompletedView {
  const appStore = counts.activeAppStoreSubscriptionsCount;
  const playStore = counts.activePlayStoreSubscriptionsCount;
  const canceled = counts.canceledStripeSubscriptionsCount;
  const refunded = counts.refundedStripeSubscriptionsCount;
  let headline: CompletedHeadline = appStore + playStore > 0 ? 'furtherAction' : 'thankYou';
  if (action === 'refund' && canceled > 0 && refunded === 0) headline = 'sorry';
  return { headline, appStore, playStore, canceled, refunded };
}

const PARAMS = {
  appStore: 'activeAppStoreSubscriptionsCount',
  playStore: 'activePlayStoreSubscriptionsCount',
  canceled: 'canceledStripeSubscriptionsCount',
  refunded: 'refundedStripeSubscriptionsCount',
} as const;

/** The counts as the completed page's query (`?canceled=1&refunded=0&appStore=0&playStore=0`): the URL is the visible state. */
export function countsToSearch(counts: CancelRefundResultCounts): string {
  return new URLSearchParams(Object.entries(PARAMS).map(([param, field]) => [param, String(counts[field])])).toString();
}

/** The counts from the completed page's query; a missing or malformed count is 0. */
export function countsFromSearch(search: URLSearchParams): CancelRefundResultCounts {
  const read = (param: keyof typeof PARAMS): number => {
    const value = search.get(param);
    return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : 0;
  };
  return {
    activeAppStoreSubscriptionsCount: read('appStore'),
    activePlayStoreSubscriptionsCount: read('playStore'),
    canceledStripeSubscriptionsCount: read('canceled'),
    refundedStripeSubscriptionsCount: read('refunded'),
  };
}
