import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { useDisplayLocale } from '../use-display-locale';
import { CANCEL_EMAIL_FIELD, CANCEL_LANGUAGE_FIELD, type CancelContractsActionData } from './cancel-contracts-action';
import './help-centre.css';

/**
 * /help-center/cancel-contracts: "Cancel contracts here" without signing in (BGB § 312k), linked from
 * every page's footer. One field and one button, as short as signing up; then the confirmation with the
 * date and time of receipt. What it says does not depend on whether the address has an account.
 */
export function CancelContractsPage() {
  const { t, i18n } = useTranslation('help-centre');
  const result = useActionData<CancelContractsActionData | undefined>();
  const busy = useNavigation().state !== 'idle';
  const locale = useDisplayLocale();
  const emailId = useId();
  const messageId = useId();
  const [edited, setEdited] = useState(false);
  const receivedRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  // Reached from a footer at the bottom of a long page: start at the top, where the heading is.
  useEffect(() => window.scrollTo(0, 0), []);

  // The new state is where the focus goes: the confirmation's heading, or the field that needs fixing.
  useEffect(() => {
    if (result?.outcome === 'received') receivedRef.current?.focus();
    else if (result !== undefined) fieldRef.current?.focus();
  }, [result]);

  if (result?.outcome === 'received') {
    const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(result.receivedAt * 1000));
    return (
      <main className="account-page help-centre">
        <h1 ref={receivedRef} tabIndex={-1}>
          {t('cancelContracts.receivedHeading')}
        </h1>
        <p>{t('cancelContracts.received', { date: moment, email: result.email })}</p>
        <Link to="/help-center" className="text-link">
          {t('request.backToHelpCentre')}
        </Link>
      </main>
    );
  }

  // A message until the visitor changes the field (then it is checked again on the next submit).
  const message = result === undefined || (edited && result.outcome === 'invalidEmail') ? '' : t(`cancelContracts.${result.outcome}`);
  return (
    <main className="account-page help-centre">
      <h1>{t('cancelContracts.heading')}</h1>
      <p>{t('cancelContracts.intro')}</p>
      <Form method="post" className="account-form" noValidate onSubmit={() => setEdited(false)}>
        <label htmlFor={emailId}>{t('cancelContracts.email')}</label>
        <input
          ref={fieldRef}
          id={emailId}
          className="text-field"
          name={CANCEL_EMAIL_FIELD}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-invalid={message !== '' && result?.outcome === 'invalidEmail'}
          aria-describedby={message === '' ? undefined : messageId}
          onChange={() => setEdited(true)}
        />
        <input type="hidden" name={CANCEL_LANGUAGE_FIELD} value={i18n.resolvedLanguage ?? i18n.language} />
        <p id={messageId} role="alert" className="account-page__error">
          {message}
        </p>
        <button type="submit" className="primary-button" disabled={busy}>
          {busy ? t('request.sending') : t('cancelContracts.button')}
        </button>
      </Form>
    </main>
  );
}
