import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLoaderData, useNavigation } from 'react-router';
import { StoreBadges } from '../store-badges';
import type { SubscriptionLoaderData } from './subscription-loader';
import { SubscriptionsDialog } from './subscriptions-dialog';

/**
 * /account/subscription: no new subscription can be bought here; the visitor uses the app with this
 * e-mail (store badges in their language). When the receipt service lists subscriptions, a button
 * opens the subscriptions dialog. Sign-out is a form posting to /account/sign-out.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('account');
  const { email, subscriptions } = useLoaderData<SubscriptionLoaderData>();
  const busy = useNavigation().state !== 'idle';
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <main className="account-page">
      <h1>{t('subscription.heading')}</h1>
      <p className="account-page__subheading">{t('subscription.noPurchaseHere')}</p>
      <p style={{ margin: 0, lineHeight: 1.5 }}>{t('subscription.useTheApp', { email })}</p>
      <StoreBadges />
      {subscriptions.length > 0 ? (
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
          {t('subscription.viewSubscriptions')}
        </button>
      ) : null}
      <Form method="post" action="/account/sign-out" style={{ marginTop: 'auto' }}>
        <button type="submit" className="secondary-button" style={{ width: '100%' }} disabled={busy}>
          {t('subscription.signOut')}
        </button>
      </Form>
      <SubscriptionsDialog open={dialogOpen} onClose={() => setDialogOpen(false)} subscriptions={subscriptions} />
    </main>
  );
}
