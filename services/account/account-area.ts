import type { ReceiptService } from '../receipts/receipt-service';
import type { AuthService } from './auth-service';
import type { BackendFunctions } from './backend-functions';
import type { ProfileStore } from './profile-store';
import type { SignUpCache } from './sign-up-cache';

/** The visitor's account: sign-up, sign-in, profile, subscription records (supabase-js and RevenueCat, loaded on first use). */
export interface AccountArea {
  /** Sign-up, sign-in, session (supabase-js, loaded on first use). */
  readonly auth: AuthService;
  readonly profiles: ProfileStore;
  readonly backendFunctions: BackendFunctions;
  /** The receipt service's subscriber records (RevenueCat). */
  readonly receipts: ReceiptService;
  /** The shared funnel-entry check: where a signed-in visitor goes instead of the funnel, if anywhere. */
  readonly signedInDestination: () => Promise<string | undefined>;
  /** Session-scoped sign-up values (password between steps, e-mail and id after). */
  readonly signUpCache: SignUpCache;
}
