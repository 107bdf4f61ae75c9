import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StandingRow } from '../../engine/subscription-standing';
import { useStoreName } from './use-store-name';

const DETAIL = {
  renewing: 'subscription.standingDetail.renewing',
  ending: 'subscription.standingDetail.ending',
  ended: 'subscription.standingDetail.ended',
  refunded: 'subscription.standingDetail.refunded',
} as const;

/**
 * One card per subscription: its store as a word, where it stands (active, canceled, ended,
 * refunded) and the date that goes with it, and where it is managed: the help centre for a web
 * subscription that still runs, the store for the others.
 */
export function SubscriptionStandings({ rows, formatDate }: { readonly rows: readonly StandingRow[]; readonly formatDate: (date: Date) => string }) {
  const { t } = useTranslation('account');
  const storeName = useStoreName();
  return (
    <ul className="standings" aria-label={t('subscription.standingsLabel')}>
      {rows.map(({ subscription, standing }) => {
        const store = storeName(subscription);
        const running = standing.kind === 'renewing' || standing.kind === 'ending';
        return (
          <li key={subscription.productId} className="standing">
            <p className="standing__title">
              <span>{store}</span>
              <span className={`standing__status standing__status--${standing.kind}`}>{t(`subscription.standing.${standing.kind}`)}</span>
            </p>
            {standing.on !== undefined ? (
              <p className="standing__detail">{t(DETAIL[standing.kind], { date: formatDate(standing.on) })}</p>
            ) : standing.kind === 'renewing' ? (
              <p className="standing__detail">{t('subscription.standingDetail.noEnd')}</p>
            ) : null}
            {subscription.store === 'stripe' && standing.kind === 'renewing' ? (
              <p className="standing__detail">
                {t('subscription.cancelAnytime')}{' '}
                <Link to="/help-center/cancelation" className="text-link">
                  {t('subscription.cancelLink')}
                </Link>
              </p>
            ) : running && subscription.store !== 'stripe' ? (
              <p className="standing__detail">{t('subscription.manageInStore', { store })}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

