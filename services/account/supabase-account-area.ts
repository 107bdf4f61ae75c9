import type { Platform } from '../platform';
import type { ReceiptService } from '../receipts/receipt-service';
import type { AccountArea } from './account-area';
import { sessionSignUpCache } from './sign-up-cache';
import { createSignedInDestination } from './signed-in-destination';

/**
 * The account over the platform's supabase-js client and RevenueCat: nothing loads until a signed-in
 * visitor or a sign-up needs it (at build time the loaders reject, and a new visitor never calls them).
 */
export function supabaseAccountArea(platform: Platform): AccountArea {
  const { supabase, log } = platform;
  // The client and its response parser load with the first lookup (signed-in visitors only).
  let receiptService: Promise<ReceiptService> | undefined;
  const loadReceiptService = (): Promise<ReceiptService> =>
    (receiptService ??= Promise.all([import('../receipts/revenuecat-receipt-service'), import('../receipts/receipt-settings')]).then(([{ createRevenueCatReceiptService }, { receiptSettings }]) =>
      createRevenueCatReceiptService({ settings: receiptSettings(platform.env, platform.origin), fetch: platform.fetch, reportError: platform.reportError }),
    ));
  const receipts: ReceiptService = { subscriber: async (appUserId) => (await loadReceiptService()).subscriber(appUserId) };
  return {
    auth: supabase.auth,
    profiles: supabase.profiles,
    backendFunctions: supabase.functions,
    receipts,
    signedInDestination: createSignedInDestination({ auth: supabase.auth, receipts, now: () => new Date(), log }),
    signUpCache: sessionSignUpCache(platform.session.storage, log),
  };
}
