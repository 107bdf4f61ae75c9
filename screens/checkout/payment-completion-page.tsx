import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { paymentCompletionMachine } from '../../engine/payment-completion-machine';
import { paymentPageSearch } from '../../engine/payment-page-params';
import { useAccountArea, useCheckoutArea, useTelemetryArea } from '../areas/area-contexts';
import { completedPurchaseState } from '../account/completed-purchase-state';
import { refundedPaymentState } from '../account/refunded-payment-state';
import type { PaymentCompletionLoaderData } from './payment-completion-loader';
import { paymentCompletionActors } from './payment-completion-actors';
import { focusWhenShown } from '../focus-when-shown';

/**
 * What the page shows for a machine state; `done` keeps the last view while the route changes.
 * `refunded` and `failed` show the neutral "confirming" view: no tick for a payment that was not kept.
 */
type CompletionView = 'confirming' | 'processing' | 'recording' | 'stillProcessing';

function viewOf(snapshot: SnapshotFrom<typeof paymentCompletionMachine>): CompletionView {
  if (snapshot.matches('waiting')) return 'processing';
  if (snapshot.matches('stillProcessing')) return 'stillProcessing';
  if (snapshot.matches('recording') || snapshot.matches('succeeded') || snapshot.matches('done')) return 'recording';
  return 'confirming';
}

/**
 * /checkout/payment-completion: displays the payment-completion machine (engine/) while it finds out
 * whether the payment went through and records the purchase; the machine's final states lead on to
 * the subscription (with a refund notice when the payment was refunded as a second one) or back to
 * the payment page. Never a blank page: the visitor sees that the payment is being confirmed, then
 * that it was received.
 */
export function PaymentCompletionPage() {
  const { t } = useTranslation('checkout');
  const telemetry = useTelemetryArea();
  const account = useAccountArea();
  const checkout = useCheckoutArea();
  const navigate = useNavigate();
  const { params, userId } = useLoaderData<PaymentCompletionLoaderData>();
  const [machine] = useState(() =>
    paymentCompletionMachine.provide({
      actors: paymentCompletionActors({ telemetry, account, checkout }, userId),
      actions: {
        reportError: (_, { error }) => telemetry.reportError(error),
        goToSubscription: (_, { purchase }) => void navigate('/account/subscription', { replace: true, state: completedPurchaseState(purchase) }),
        goToRefundNotice: (_, { refund }) => void navigate('/account/subscription', { replace: true, state: refundedPaymentState(refund) }),
        returnToPayment: (_, { error }) => void navigate(`/checkout/payment${paymentPageSearch(params, error)}`, { replace: true }),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { params } });
  const view = useSelector(actor, viewOf);
  const heading = useRef<HTMLHeadingElement>(null);

  // The heading changes with the phase; moving focus to it lets screen readers hear the new one.
  useEffect(() => (heading.current === null ? undefined : focusWhenShown(heading.current)), [view]);

  const title = view === 'recording' ? t('completion.recordingTitle') : view === 'stillProcessing' ? t('completion.stillProcessingTitle') : t('completion.confirmingTitle');
  const text =
    view === 'recording'
      ? t('completion.recordingText')
      : view === 'processing'
        ? t('completion.processingText')
        : view === 'stillProcessing'
          ? t('completion.stillProcessingText')
          : t('completion.confirmingText');

  return (
    <main className="account-page checkout-page">
      <section className="checkout-completion" aria-labelledby="checkout-completion-heading" aria-busy={view !== 'stillProcessing'}>
        {view === 'stillProcessing' ? (
          <svg className="checkout-completion__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 5v4.6l3.2 3.2-1.4 1.4L11 12.4V7h2Z" />
          </svg>
        ) : view === 'recording' ? (
          <svg className="checkout-completion__icon checkout-completion__icon--done" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z" />
          </svg>
        ) : (
          <span className="inline-spinner checkout-completion__spinner" aria-hidden="true" />
        )}
        <h1 id="checkout-completion-heading" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <p className="account-page__subheading" role="status">
          {text}
        </p>
        {view === 'recording' ? <span className="inline-spinner" aria-hidden="true" /> : null}
        {view === 'stillProcessing' ? (
          <div className="checkout-completion__actions">
            <button type="button" className="primary-button" onClick={() => actor.send({ type: 'CHECK_AGAIN' })}>
              {t('completion.checkAgain')}
            </button>
            <Link to="/account/subscription" className="text-link">
              {t('completion.toAccount')}
            </Link>
          </div>
        ) : null}
      </section>
    </main>
  );
}
