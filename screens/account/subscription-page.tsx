import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation } from 'react-router';
import { StoreBadges } from '../store-badges';
import { useDisplayLocale } from '../use-display-locale';
import { completedPurchaseFromState } from './completed-purchase-state';
import { PurchaseConfirmation } from './purchase-confirmation';
import { refundedPaymentFromState } from './refunded-payment-state';
import type { SubscriptionLoaderData } from './subscription-loader';
import { SubscriptionStandings } from './subscription-standings';
import { SubscriptionsDialog } from './subscriptions-dialog';
import { focusWhenShown } from '../focus-when-shown';

/**
 * /account/subscription leads with what the visitor has. Right after paying (the completion page
 * hands the purchase over in the history state): a confirmation of the plan, the charge, the next
 * renewal and how to cancel. Right after a payment the server refunded as a second one (a checkout
 * paid after another replaced it): a notice saying so, above what the visitor really has, and no
 * confirmation. Otherwise, and for any other subscription: one card per subscription
 * saying where it stands, or that there is none. Then the next step, the spec's content: sign in to
 * the app with this e-mail (store badges), and that no new subscription can be bought here. When the
 * receipt service lists subscriptions, a button opens the spec's dialog. Sign-out is in the area's
 * navigation (screens/account-nav.tsx).
 */
export function SubscriptionPage() {
  const { t } = useTranslation('account');
  const { email, subscriptions, standings } = useLoaderData<SubscriptionLoaderData>();
  const locationState: unknown = useLocation().state;
  const [dialogOpen, setDialogOpen] = useState(false);
  const locale = useDisplayLocale();
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }), [locale]);
  const formatDate = (date: Date): string => dateFormat.format(date);

  const refunded = refundedPaymentFromState(locationState) !== undefined;
  const purchase = completedPurchaseFromState(locationState);
  const bought = purchase === undefined ? undefined : standings.find((row) => row.subscription.store === 'stripe' && row.subscription.transactionId === purchase.subscriptionId);
  // A purchase since refunded or ended (an old history entry reopened) is no longer news: the cards say it.
  const confirming = purchase !== undefined && (bought === undefined || bought.standing.kind === 'renewing' || bought.standing.kind === 'ending');
  const others = confirming ? standings.filter((row) => row !== bought) : standings;

  const heading = useRef<HTMLHeadingElement>(null);
  const refundHeading = useRef<HTMLHeadingElement>(null);
  // Arriving from the payment, screen readers hear the confirmation, or the refund, first.
  useEffect(() => {
    const arrival = confirming ? heading.current : refunded ? refundHeading.current : null;
    return arrival === null ? undefined : focusWhenShown(arrival);
  }, [confirming, refunded]);

  return (
    <main className="account-page subscription-page">
      {confirming ? (
        <>
          <svg className="subscription-page__done" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z" />
          </svg>
          <h1 ref={heading} tabIndex={-1}>
            {t('subscription.paidHeading')}
          </h1>
          <PurchaseConfirmation purchase={purchase} standing={bought?.standing} locale={locale} formatDate={formatDate} />
        </>
      ) : (
        <h1>{t('subscription.heading')}</h1>
      )}
      {refunded ? (
        <section className="refund-notice" aria-labelledby="refund-notice-heading">
          <h2 id="refund-notice-heading" ref={refundHeading} tabIndex={-1}>
            {t('subscription.refundedPayment.heading')}
          </h2>
          <p>{t('subscription.refundedPayment.text')}</p>
        </section>
      ) : null}
      {others.length > 0 ? <SubscriptionStandings rows={others} formatDate={formatDate} /> : confirming ? null : <p className="subscription-page__none">{t('subscription.none')}</p>}
      <section className="next-step" aria-labelledby="next-step-heading">
        <h2 id="next-step-heading">{t('subscription.nextStep')}</h2>
        {/* "To use your subscription" would not be true of someone who has none. */}
        <p>{t(standings.length === 0 && !confirming ? 'subscription.useTheAppNone' : 'subscription.useTheApp', { email })}</p>
        <StoreBadges />
        <p className="account-page__subheading">{t('subscription.noPurchaseHere')}</p>
      </section>
      {subscriptions.length > 0 ? (
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          {t('subscription.viewSubscriptions')}
        </button>
      ) : null}
      <SubscriptionsDialog open={dialogOpen} onClose={() => setDialogOpen(false)} subscriptions={subscriptions} formatDate={formatDate} />
    </main>
  );
}
