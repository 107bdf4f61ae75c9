import { Elements } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { paymentAmountsText } from '../../engine/payment-page-params';
import { BackendFunctionError } from '../../services/account/backend-function-error';
import { useAccountArea, useTelemetryArea, useCheckoutArea } from '../areas/area-contexts';
import { splitTaggedText } from '../tagged-text';
import { PaymentForm } from './payment-form';
import type { PaymentLoaderData } from './payment-loader';
import { stripeLocale } from './stripe-locale';

/**
 * /checkout/payment: what the visitor pays (plan, regular price, due today), the provider's
 * embedded payment form, secure-payment and money-back text. The form is Stripe's Payment Element
 * (or the local sandbox's) inside `<Elements>`, keyed by the client secret, which Stripe treats as
 * immutable.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation('checkout');
  const telemetry = useTelemetryArea();
  const checkoutArea = useCheckoutArea();
  const account = useAccountArea();
  const { params, paymentError, consent } = useLoaderData<PaymentLoaderData>();
  const [providerFailed, setProviderFailed] = useState(false);
  // One promise for the page's life: react-stripe-js takes the prop once. A provider that cannot load
  // (Stripe.js unreachable, a chunk that failed) leaves the form empty with a message, not a spinner.
  const [stripe] = useState(() =>
    checkoutArea.payments.stripe().catch((error: unknown) => {
      telemetry.reportError(error);
      setProviderFailed(true);
      return null;
    }),
  );
  const options = useMemo<StripeElementsOptions>(
    () => ({ clientSecret: params.clientSecret, locale: stripeLocale(i18n.language) }),
    [params.clientSecret, i18n.language],
  );
  const planName = params.plan === 'weekly' || params.plan === 'yearly' ? t(`payment.plans.${params.plan}`) : undefined;
  const { amount, fullPrice } = useMemo(() => paymentAmountsText(params, i18n.language), [params, i18n.language]);

  // The renewal terms beside Pay (issue 30): what is paid today, what renews, and where to cancel.
  const terms =
    (params.plan === 'weekly' || params.plan === 'yearly') && amount && fullPrice ? (
      <p className="checkout-renewal" data-testid="checkout-renewal">
        {t(`payment.renewal.${params.plan}`, { today: amount, price: fullPrice })}{' '}
        {splitTaggedText(t('payment.cancelAnytime')).map(({ tag, text }, index) =>
          tag === 'help' ? (
            <Link key={index} to="/help-center">
              {text}
            </Link>
          ) : (
            text
          ),
        )}
      </p>
    ) : undefined;

  const recordConsent = async (given: boolean): Promise<'recorded' | 'required'> => {
    if (params.subscriptionId === undefined) throw new Error('The payment page has no subscription_id to record the consent with');
    try {
      await account.backendFunctions.invoke('record-checkout-consent', {
        subscriptionId: params.subscriptionId,
        consent: given,
        // The language of the words the visitor read (the page's resolved one: `de`, not the browser's `de-AT`).
        language: i18n.resolvedLanguage ?? i18n.language,
        country: consent.country,
        wordingVersion: consent.wordingVersion,
      });
      return 'recorded';
    } catch (error) {
      if (error instanceof BackendFunctionError && error.status === 400 && error.code === 'consent_required') return 'required';
      telemetry.reportError(error);
      throw error;
    }
  };

  return (
    <main className="account-page checkout-page">
      <h1>{t('payment.heading')}</h1>
      {planName || amount ? (
        <section className="checkout-summary" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading" className="visually-hidden">
            {t('payment.summary')}
          </h2>
          <dl>
            {planName ? (
              <div className="checkout-summary__row">
                <dt>{t('payment.plan')}</dt>
                <dd>{planName}</dd>
              </div>
            ) : null}
            {fullPrice && fullPrice !== amount ? (
              <div className="checkout-summary__row">
                <dt>{t('payment.regularPrice')}</dt>
                <dd>
                  <s>{fullPrice}</s>
                </dd>
              </div>
            ) : null}
            {amount ? (
              <div className="checkout-summary__row checkout-summary__row--total">
                <dt>{t('payment.dueToday')}</dt>
                <dd>{amount}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}
      <Elements key={params.clientSecret} stripe={stripe} options={options}>
        <PaymentForm
          params={params}
          amountText={amount}
          providerFailed={providerFailed}
          initialError={paymentError ? t(`payment.errors.${paymentError}`) : undefined}
          terms={terms}
          consentRequired={consent.required}
          recordConsent={recordConsent}
        />
      </Elements>
      <p className="checkout-secure">
        <svg className="checkout-secure__icon" viewBox="0 0 16 18" aria-hidden="true" focusable="false">
          <path d="M4 7V5a4 4 0 0 1 8 0v2h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h1Zm2 0h4V5a2 2 0 0 0-4 0v2Z" />
        </svg>
        {t('payment.securePayment')}
      </p>
      <section className="checkout-guarantee" aria-labelledby="checkout-guarantee-heading">
        <h2 id="checkout-guarantee-heading">{t('payment.moneyBackTitle')}</h2>
        <p>{t('payment.moneyBack')}</p>
      </section>
    </main>
  );
}
