import { useTranslation } from 'react-i18next';
import type { SubscriptionListRow } from '../../engine/subscription-list';

/**
 * A subscription's store as a word in the visitor's language ("App Store", "Google Play", "Web"), not
 * the receipt service's value; a store the product does not know keeps the spec's label (AMAZON).
 */
export function useStoreName(): (subscription: SubscriptionListRow) => string {
  const { t } = useTranslation('account');
  return (subscription) => {
    if (subscription.store !== undefined) return t(`stores.${subscription.store}`);
    return subscription.storeLabel === 'unknown' ? t('stores.unknown') : subscription.storeLabel;
  };
}
