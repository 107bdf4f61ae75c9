import { pathForSignedInVisitor, subscriptionStatus } from '../../engine/subscription-status';
import type { ReceiptService } from '../receipts/receipt-service';
import type { AuthService } from './auth-service';

export interface SignedInDestinationDeps {
  readonly auth: AuthService;
  readonly receipts: ReceiptService;
  readonly now: () => Date;
  readonly log: (message: string, error: unknown) => void;
}

/**
 * The shared check on funnel entry: a signed-in visitor goes to /account/subscription when the
 * subscription is active, otherwise to /checkout/plans; a visitor without a session stays (undefined).
 * Asks the stored-session shortcut first, so visitors who never signed in never load supabase-js. A
 * failing lookup keeps the visitor in the funnel (logged): the questionnaire must never be blocked.
 */
export function createSignedInDestination({ auth, receipts, now, log }: SignedInDestinationDeps): () => Promise<string | undefined> {
  return async () => {
    if (!auth.mayHaveSession()) return undefined;
    try {
      const user = await auth.currentUser();
      if (!user) return undefined;
      const record = await receipts.subscriber(user.id);
      return pathForSignedInVisitor(subscriptionStatus(user.id, record, now()));
    } catch (error) {
      log('Signed-in check failed; staying in the funnel', error);
      return undefined;
    }
  };
}
