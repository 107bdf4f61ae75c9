import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmationCheck } from '../../engine/sign-up-machine';
import { focusWhenShown } from '../focus-when-shown';

/**
 * "Check your inbox": shown in place of the sign-up form while the new account waits for its address to
 * be confirmed. The link in the e-mail signs the visitor in wherever it is opened; "I've confirmed my
 * e-mail" continues here (signing in with the password just typed), which is the way on when the link
 * opened on another device or in the mail app's own browser. Focus moves to the heading, so keyboard
 * and screen-reader users land on the news.
 */
export function CheckInboxPanel({
  email,
  embedded,
  checking,
  check,
  onConfirmed,
}: {
  readonly email: string;
  /** In a funnel step the step's heading is the page's h1, so this one is an h2. */
  readonly embedded: boolean;
  readonly checking: boolean;
  readonly check: ConfirmationCheck;
  readonly onConfirmed: () => void;
}) {
  const { t } = useTranslation('signup');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => (headingRef.current === null ? undefined : focusWhenShown(headingRef.current)), []);
  const Heading = embedded ? 'h2' : 'h1';
  const panel = (
    <section className="check-inbox" aria-labelledby="check-inbox-heading" aria-busy={checking}>
      <Heading id="check-inbox-heading" ref={headingRef} tabIndex={-1}>
        {t('checkInbox.heading')}
      </Heading>
      <p className="account-page__subheading">{t('checkInbox.text', { email })}</p>
      <p className="field-hint">{t('checkInbox.hint')}</p>
      {check === 'idle' ? null : (
        <p className="account-page__error" role="alert">
          {check === 'notConfirmed' ? t('checkInbox.notConfirmed') : t('checkInbox.failed')}
        </p>
      )}
      {checking ? (
        <p role="status" className="visually-hidden">
          {t('checkInbox.checking')}
        </p>
      ) : null}
      <button type="button" className="primary-button" disabled={checking} onClick={onConfirmed}>
        {t('checkInbox.confirmed')}
      </button>
    </section>
  );
  return embedded ? panel : <main className="account-page">{panel}</main>;
}
