import type { CancelRefundRequestType } from '../../engine/cancel-refund-choice-machine';
import type { CancelRefundResultCounts } from '../../engine/cancel-refund-result';
import type { HelpCentreAction } from '../../engine/subscription-eligibility';

/** The answer of the cancel and refund functions (spec, section 3). */
export type CancelRefundCounts = CancelRefundResultCounts;

/** The help centre's calls to the backend, as the signed-in user. */
export interface HelpCentreService {
  /** The support address of the "general question or suggestion" choice (configured at build time). */
  readonly supportEmail: string;
  /**
   * Calls cancel-revenuecat-subscriptions or refund-revenuecat-subscriptions with the type; rejects
   * when the function fails (spec: they throw on error). `language` is the page's: the confirmation
   * e-mail's.
   */
  request(action: HelpCentreAction, type: CancelRefundRequestType, language?: string): Promise<CancelRefundCounts>;
}
