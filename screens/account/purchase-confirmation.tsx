import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../engine/plan-pricing';
import type { CompletedPurchase } from '../../engine/payment-completion-machine';
import type { SubscriptionStanding } from '../../engine/subscription-standing';

const PLANS = new Set(['weekly', 'yearly']);

export interface PurchaseConfirmationProps {
  readonly purchase: CompletedPurchase;
  /** Where the bought subscription stands in the receipt service, once it has recorded it. */
  readonly standing: SubscriptionStanding | undefined;
  readonly locale: string;
  readonly formatDate: (date: Date) => string;
}

/**
 * What the visitor just bought, right after paying: the plan, what was charged (the PaymentIntent's
 * amount), the next renewal with its date (the receipt service's) and price (the plan's full price),
 * or the end date when it was canceled meanwhile, and how to cancel. A fact that is not known is left
 * out rather than guessed.
 */
export function PurchaseConfirmation({ purchase, standing, locale, formatDate }: PurchaseConfirmationProps) {
  const { t } = useTranslation('account');
  const money = (minor: number | undefined): string | undefined =>
    minor === undefined || purchase.currency === undefined ? undefined : formatMoney(minor, purchase.currency, locale);
  const charged = money(purchase.amount);
  const renewalPrice = money(purchase.fullPrice);
  const renewal =
    standing?.kind === 'renewing' && standing.on !== undefined
      ? { label: t('subscription.nextRenewal'), value: renewalPrice === undefined ? formatDate(standing.on) : t('subscription.renewal', { date: formatDate(standing.on), amount: renewalPrice }) }
      : standing?.kind === 'ending' && standing.on !== undefined
        ? { label: t('subscription.standing.ending'), value: t('subscription.standingDetail.ending', { date: formatDate(standing.on) }) }
        : undefined;
  return (
    <section className="confirmation" aria-labelledby="confirmation-summary">
      <h2 id="confirmation-summary" className="visually-hidden">
        {t('subscription.summary')}
      </h2>
      <dl className="confirmation__facts">
        {purchase.plan !== undefined && PLANS.has(purchase.plan) ? (
          <div>
            <dt>{t('subscription.plan')}</dt>
            <dd>{t(`subscription.plans.${purchase.plan}`)}</dd>
          </div>
        ) : null}
        {charged !== undefined ? (
          <div>
            <dt>{t('subscription.charged')}</dt>
            <dd>{charged}</dd>
          </div>
        ) : null}
        {renewal !== undefined ? (
          <div>
            <dt>{renewal.label}</dt>
            <dd>{renewal.value}</dd>
          </div>
        ) : null}
      </dl>
      {standing?.kind === 'ending' ? null : (
        <p className="confirmation__cancel">
          {t('subscription.cancelAnytime')}{' '}
          <Link to="/help-center/cancelation" className="text-link">
            {t('subscription.cancelLink')}
          </Link>
        </p>
      )}
    </section>
  );
}
