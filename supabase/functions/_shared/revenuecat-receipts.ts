import type { UserDatabase } from './function-handler.ts';

/** Whether RevenueCat already accepted a receipt for the subscription (public.revenuecat_receipts). */
export async function isReceiptRecorded(serviceDb: UserDatabase, subscriptionId: string): Promise<boolean> {
  const { data, error } = await serviceDb.from('revenuecat_receipts').select('subscription_id').eq('subscription_id', subscriptionId).maybeSingle();
  if (error !== null) throw new Error(`Reading the receipt of ${subscriptionId} failed: ${error.message}`);
  return data !== null;
}

/** Notes an accepted receipt; the first note stays (a concurrent second one changes nothing). */
export async function noteReceiptRecorded(serviceDb: UserDatabase, userId: string, subscriptionId: string): Promise<void> {
  const { error } = await serviceDb
    .from('revenuecat_receipts')
    .upsert({ subscription_id: subscriptionId, user_id: userId }, { onConflict: 'subscription_id', ignoreDuplicates: true });
  if (error !== null) throw new Error(`Noting the receipt of ${subscriptionId} failed: ${error.message}`);
}
