import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatMoney } from '../../engine/plan-pricing';
import { useDisplayLocale } from '../use-display-locale';
import { WITHDRAWAL_LANGUAGE_FIELD, WITHDRAWAL_SUBSCRIPTION_FIELD, type WithdrawalActionData } from './withdrawal-action';
import type { WithdrawableContract, WithdrawalLoaderData } from './withdrawal-loader';
import './help-centre.css';

/**
 * /help-center/withdrawal: the withdrawal function (EU Directive 2023/2673). Each web contract with its
 * state: inside its period a "Withdraw from contract here" button and one more step that names the
 * consequence (ends now, full refund) before anything happens; after it, the date the period ended and
 * the way to cancel instead; once withdrawn, the date and time the withdrawal was received.
 */
export function WithdrawalPage() {
  const { t, i18n } = useTranslation('help-centre');
  const { contracts, now, email } = useLoaderData<WithdrawalLoaderData>();
  const result = useActionData<WithdrawalActionData | undefined>();
  const locale = useDisplayLocale();
  const [confirming, setConfirming] = useState<string>();
  const busy = useNavigation().state !== 'idle';
  const statusRef = useRef<HTMLParagraphElement>(null);
  const confirmHeadingId = useId();
  const date = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(seconds * 1000));
  const moment = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(seconds * 1000));
  const amount = (money: WithdrawableContract['paid']) => formatMoney(money.minor, money.currency, locale);

  // The answer is announced and focused: the page below it changed (the contract shows its withdrawal,
  // or, refused, the end of its period); a failure keeps the confirm step for another try.
  useEffect(() => {
    if (result !== undefined) statusRef.current?.focus();
  }, [result]);

  const statusText =
    result?.outcome === 'withdrawn' ? t('withdrawal.done', { email }) : result?.outcome === 'refused' ? t('withdrawal.refused') : result?.outcome === 'failed' ? t('withdrawal.failed') : '';

  return (
    <main className="account-page help-centre">
      <h1>{t('withdrawal.heading')}</h1>
      <p>{t('withdrawal.intro')}</p>
      <p ref={statusRef} tabIndex={-1} role="status" className={result?.outcome === 'failed' ? 'account-page__error' : 'help-centre__status'}>
        {statusText}
      </p>
      {contracts.length === 0 ? <p>{t('withdrawal.none')}</p> : null}
      <ul className="help-centre__contracts">
        {contracts.map((contract) => (
          <li key={contract.subscriptionId} className="help-centre__contract">
            <p className="help-centre__contract-title">{t('withdrawal.concluded', { date: date(contract.concludedAt) })}</p>
            {contract.withdrawnAt !== null ? (
              <p>{t('withdrawal.withdrawn', { date: moment(contract.withdrawnAt) })}</p>
            ) : contract.withdrawableUntil === null ? (
              <p>
                {t('withdrawal.notOffered')} <Link to="/help-center/cancelation">{t('withdrawal.cancelInstead')}</Link>
              </p>
            ) : now > contract.withdrawableUntil ? (
              <p>
                {t('withdrawal.over', { date: date(contract.withdrawableUntil) })} <Link to="/help-center/cancelation">{t('withdrawal.cancelInstead')}</Link>
              </p>
            ) : confirming === contract.subscriptionId ? (
              // The one more step: what happens, then the choice; nothing is sent before it.
              <Form method="post" className="help-centre__confirm" aria-labelledby={confirmHeadingId}>
                {/* Focused when it appears, so a keyboard or screen-reader user lands on the question. */}
                <h2 id={confirmHeadingId} tabIndex={-1} ref={(heading) => heading?.focus()}>
                  {t('withdrawal.confirmHeading')}
                </h2>
                <p>{t('withdrawal.confirmText', { amount: amount(contract.paid) })}</p>
                <input type="hidden" name={WITHDRAWAL_SUBSCRIPTION_FIELD} value={contract.subscriptionId} />
                <input type="hidden" name={WITHDRAWAL_LANGUAGE_FIELD} value={i18n.resolvedLanguage ?? i18n.language} />
                <button type="submit" className="primary-button" disabled={busy}>
                  {busy ? t('request.sending') : t('withdrawal.confirm')}
                </button>
                <button type="button" className="secondary-button" disabled={busy} onClick={() => setConfirming(undefined)}>
                  {t('withdrawal.keep')}
                </button>
              </Form>
            ) : (
              <>
                <p>{t('withdrawal.until', { date: moment(contract.withdrawableUntil), amount: amount(contract.paid) })}</p>
                <button type="button" className="primary-button" onClick={() => setConfirming(contract.subscriptionId)}>
                  {t('withdrawal.button')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <Link to="/help-center" className="text-link">
        {t('request.backToHelpCentre')}
      </Link>
    </main>
  );
}
