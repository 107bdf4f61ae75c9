import * as z from 'zod/mini';
import type { ReceiptService, SubscriberDocument } from './receipt-service';
import type { ReceiptSettings } from './receipt-settings';

const optionalText = z.optional(z.nullable(z.string()));

// Only the fields the product reads; RevenueCat sends many more, which are dropped here.
const subscriberDocumentSchema = z.object({
  subscriber: z.optional(
    z.object({
      entitlements: z.optional(z.record(z.string(), z.object({ expires_date: optionalText }))),
      subscriptions: z.optional(
        z.record(
          z.string(),
          z.object({
            store: optionalText,
            purchase_date: optionalText,
            expires_date: optionalText,
            unsubscribe_detected_at: optionalText,
            refunded_at: optionalText,
            store_transaction_id: optionalText,
          }),
        ),
      ),
    }),
  ),
});

export interface RevenueCatReceiptServiceDeps {
  readonly settings: ReceiptSettings;
  readonly fetch: typeof fetch;
  readonly reportError: (error: unknown) => void;
}

/**
 * RevenueCat v1 `GET /subscribers/{app_user_id}` with the public app key (spec: JSON content type and
 * bearer authorisation). A not-ok answer is reported as "getting or creating the customer failed for
 * <id>" and its body is still parsed (spec), which for an error body yields no subscriber, i.e. status
 * none. A body that is not a subscriber record at all is reported too and treated the same way.
 */
export function createRevenueCatReceiptService({ settings, fetch, reportError }: RevenueCatReceiptServiceDeps): ReceiptService {
  return {
    async subscriber(appUserId: string): Promise<SubscriberDocument> {
      const response = await fetch(`${settings.apiUrl}/subscribers/${encodeURIComponent(appUserId)}`, {
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.publicKey}` },
      });
      if (!response.ok) reportError(new Error(`getting or creating the customer failed for ${appUserId}`));
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        reportError(error);
        return {};
      }
      const parsed = subscriberDocumentSchema.safeParse(body);
      if (!parsed.success) {
        reportError(new Error(`Unexpected subscriber record for ${appUserId}: ${parsed.error.message}`));
        return {};
      }
      return parsed.data;
    },
  };
}
