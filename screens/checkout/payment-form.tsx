import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripePaymentElementChangeEvent, StripePaymentElementOptions } from '@stripe/stripe-js';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failedAuthenticationReturnPath, paymentReturnUrl, type PaymentPageParams } from '../../engine/payment-page-params';

/** Spec section 9: the order of the payment methods. */
const ELEMENT_OPTIONS: StripePaymentElementOptions = { paymentMethodOrder: ['paypal', 'apple_pay', 'google_pay', 'card', 'link'] };

export interface PaymentFormProps {
  readonly params: PaymentPageParams;
  readonly amountText: string | undefined;
  readonly initialError: string | undefined;
  /** The provider's script did not load: the form cannot appear. */
  readonly providerFailed: boolean;
  /** The renewal terms in one sentence, shown just above the consent box and Pay. */
  readonly terms?: ReactNode;
  /** The consent box before Pay (config/consumer-rules.yaml for the visitor's country). */
  readonly consentRequired: boolean;
  /**
   * Puts the visitor's answer on record with the subscription before the card is confirmed; resolves
   * `required` when the server refused a payment without the box ticked.
   */
  readonly recordConsent: (given: boolean) => Promise<'recorded' | 'required'>;
}

/**
 * The Payment Element and the pay button. Confirming sends the visitor to the completion page on
 * success (the provider redirects); card and validation errors show the provider's message under the
 * form until the visitor edits it, then the error the element reports now (its `change` event's
 * `error`, gone once the fields are valid: never a stale message); a failed 3-D Secure challenge
 * returns through the completion page like a redirect-based authentication, which sends the visitor
 * back here with "payment failed" (never the error screen); any other error is rethrown to the error
 * screen, which reports it (spec section 5). The submitting
 * flag resets when the page is shown again (back from the provider's redirect) or becomes visible.
 */
export function PaymentForm({ params, amountText, initialError, providerFailed, terms, consentRequired, recordConsent }: PaymentFormProps) {
  const { t } = useTranslation('checkout');
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [elementFailed, setElementFailed] = useState(false);
  const loadFailed = elementFailed || providerFailed;
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState(initialError);
  const [fatal, setFatal] = useState<Error>();
  const messageId = useId();
  const consentId = useId();
  const consentMessageId = useId();
  const [consentGiven, setConsentGiven] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  // Recorded once per page: the server keeps the first record, so a second Pay (a declined card) goes
  // straight to the provider instead of waiting for a round trip that changes nothing.
  const consentRecorded = useRef(false);
  const consentBox = useRef<HTMLInputElement>(null);
  if (fatal) throw fatal;

  useEffect(() => {
    const reset = () => setSubmitting(false);
    window.addEventListener('pageshow', reset);
    document.addEventListener('visibilitychange', reset);
    return () => {
      window.removeEventListener('pageshow', reset);
      document.removeEventListener('visibilitychange', reset);
    };
  }, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    // The box is the visitor's express request: Pay does nothing without it, and says why beside it.
    if (consentRequired && !consentGiven) {
      setConsentMissing(true);
      consentBox.current?.focus();
      return;
    }
    setSubmitting(true);
    setMessage(undefined);
    try {
      // On record with the subscription before any money moves (a failure here leaves the card untouched).
      if (!consentRecorded.current && (await recordConsent(consentGiven)) === 'required') {
        setConsentMissing(true);
        setSubmitting(false);
        return;
      }
      consentRecorded.current = true;
    } catch {
      setMessage(t('payment.errors.somethingWentWrong'));
      setSubmitting(false);
      return;
    }
    try {
      const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: paymentReturnUrl(window.location.origin, params) } });
      if (error.type === 'card_error' || error.type === 'validation_error') setMessage(error.message ?? t('payment.errors.somethingWentWrong'));
      else if (error.code === 'payment_intent_authentication_failure') {
        await navigate(failedAuthenticationReturnPath(params), { replace: true });
        return;
      }
      else setFatal(new Error(`Payment confirmation failed: ${error.type}${error.message ? `: ${error.message}` : ''}`));
    } catch (error) {
      setFatal(error instanceof Error ? error : new Error(String(error)));
    }
    setSubmitting(false);
  };

  const busy = submitting || !ready;
  return (
    <form className="checkout-form" onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <div className="checkout-element">
        {!ready && !loadFailed ? (
          <div className="checkout-element__loading" role="status">
            <span className="inline-spinner" aria-hidden="true" />
            <span>{t('payment.loading')}</span>
          </div>
        ) : null}
        <PaymentElement
          options={ELEMENT_OPTIONS}
          onReady={() => setReady(true)}
          onLoadError={() => setElementFailed(true)}
          onChange={(event) => setMessage(reportedError(event))}
        />
      </div>
      {terms}
      {consentRequired ? (
        <div className="checkout-consent">
          <input
            ref={consentBox}
            id={consentId}
            type="checkbox"
            className="checkout-consent__box"
            checked={consentGiven}
            onChange={(event) => {
              setConsentGiven(event.target.checked);
              if (event.target.checked) setConsentMissing(false);
            }}
            aria-invalid={consentMissing}
            aria-describedby={consentMissing ? consentMessageId : undefined}
          />
          <label htmlFor={consentId} className="checkout-consent__label">
            {t('payment.consent.label')}
          </label>
          <p id={consentMessageId} className="account-page__error checkout-consent__message" role="alert">
            {consentMissing ? t('payment.consent.required') : ''}
          </p>
        </div>
      ) : null}
      <p id={messageId} className="account-page__error checkout-form__message" role="alert">
        {loadFailed ? t('payment.loadFailed') : (message ?? '')}
      </p>
      <button type="submit" className="primary-button checkout-form__submit" disabled={busy || loadFailed} aria-describedby={message ? messageId : undefined}>
        {submitting ? t('payment.processing') : amountText ? t('payment.submit', { amount: amountText }) : t('payment.submitNoAmount')}
      </button>
    </form>
  );
}

/**
 * The error an element's `change` event carries, as Stripe's elements report it while the visitor types
 * (stripe-js types it on the card elements only, so it is read from the event as data).
 */
function reportedError(event: StripePaymentElementChangeEvent): string | undefined {
  if (!('error' in event) || typeof event.error !== 'object' || event.error === null) return undefined;
  return 'message' in event.error && typeof event.error.message === 'string' ? event.error.message : undefined;
}
