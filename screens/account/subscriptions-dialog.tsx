import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionListRow } from '../../engine/subscription-list';
import { Modal } from '../modal';
import { useStoreName } from './use-store-name';

export interface SubscriptionsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly subscriptions: readonly SubscriptionListRow[];
  /** Day, long month, year in the visitor's language and region (the page's format). */
  readonly formatDate: (date: Date) => string;
}

const STATUS_TEXT = {
  active: 'subscriptionsDialog.statusActive',
  canceled: 'subscriptionsDialog.statusCanceled',
  refunded: 'subscriptionsDialog.statusRefunded',
} as const;

/**
 * The subscriptions dialog: a table of store (as a word), status, purchase and expiry date (day, long
 * month, year in the visitor's language and region), a warning with the count when there is more than one, and a link to the
 * help centre.
 */
export function SubscriptionsDialog({ open, onClose, subscriptions, formatDate }: SubscriptionsDialogProps) {
  const { t } = useTranslation('account');
  const storeName = useStoreName();
  const dateOrDash = (date: Date | undefined): string => (date ? formatDate(date) : t('subscriptionsDialog.noDate'));
  return (
    <Modal open={open} onClose={onClose} title={t('subscriptionsDialog.title')} closeLabel={t('close')}>
      {subscriptions.length > 1 ? (
        <p className="subscriptions-warning" role="note">
          {t('subscriptionsDialog.multipleWarning', { count: subscriptions.length })}
        </p>
      ) : null}
      <div style={{ overflowX: 'auto' }}>
        <table className="subscriptions-table">
          <caption>{t('subscriptionsDialog.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('subscriptionsDialog.store')}</th>
              <th scope="col">{t('subscriptionsDialog.status')}</th>
              <th scope="col">{t('subscriptionsDialog.purchaseDate')}</th>
              <th scope="col">{t('subscriptionsDialog.expiryDate')}</th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((subscription) => (
              <tr key={subscription.productId}>
                <td>{storeName(subscription)}</td>
                <td>{t(STATUS_TEXT[subscription.status])}</td>
                <td>{dateOrDash(subscription.purchaseDate)}</td>
                <td>{dateOrDash(subscription.expiresDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p style={{ margin: 0 }}>
        {t('subscriptionsDialog.contact')}{' '}
        <Link to="/help-center" className="text-link">
          {t('subscriptionsDialog.helpCentre')}
        </Link>
      </p>
    </Modal>
  );
}
