import { useMachine } from '@xstate/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from 'react-router';
import { cancelRefundChoiceMachine } from '../../engine/cancel-refund-choice-machine';
import { eligibleTotal, type EligibleCounts, type HelpCentreAction } from '../../engine/subscription-eligibility';
import { ChoiceDialog } from './choice-dialog';
import type { RequestActionData } from './request-action';
import { REQUEST_LANGUAGE_FIELD, REQUEST_TYPE_FIELD } from './request-action';
import type { RequestLoaderData } from './request-loader';
import './help-centre.css';
import { useHelpCentreArea } from '../areas/area-contexts';

/**
 * /help-center/cancelation and /help-center/refund: the user's e-mail and the request's subject in
 * read-only fields, and the request button (disabled when nothing is eligible). The button goes
 * through the choice machine: straight on with one store, the choice dialog with several.
 */
export function RequestPage() {
  const { action, email, counts } = useLoaderData<RequestLoaderData>();
  // A new machine when the eligible subscriptions change (the page revalidates after a failed request).
  return <RequestForm key={`${String(counts.web)}-${String(counts.apple)}-${String(counts.google)}`} action={action} email={email} counts={counts} />;
}

interface RequestFormProps {
  readonly action: HelpCentreAction;
  readonly email: string;
  readonly counts: EligibleCounts;
}

function RequestForm({ action, email, counts }: RequestFormProps) {
  const { t, i18n } = useTranslation('help-centre');
  const helpCentre = useHelpCentreArea();
  const actionData = useActionData<RequestActionData | undefined>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(cancelRefundChoiceMachine, { input: { counts } });
  const emailId = useId();
  const subjectId = useId();
  const noteId = useId();
  const busy = navigation.state !== 'idle';
  const nothingEligible = eligibleTotal(counts) === 0;
  const outcome = snapshot.context.outcome;

  useEffect(() => {
    if (outcome === undefined) return;
    if (outcome.kind === 'store') void navigate(outcome.store);
    // The page's language goes along: the confirmation e-mail is written in it.
    else void submit({ [REQUEST_TYPE_FIELD]: outcome.type, [REQUEST_LANGUAGE_FIELD]: i18n.resolvedLanguage ?? i18n.language }, { method: 'post' });
    // The page's busy state takes over from here; a failed request can be tried again.
    send({ type: 'RESET' });
  }, [outcome, navigate, submit, send, i18n]);

  return (
    <main className="account-page help-centre">
      <h1>{t(`${action}.heading`)}</h1>
      <p className="account-page__subheading">{t(`${action}.intro`)}</p>
      {actionData?.failed ? (
        <p className="account-page__error" role="alert">
          {t('request.failed', { email: helpCentre.supportEmail })}
        </p>
      ) : null}
      <div className="account-form" aria-busy={busy}>
        <label htmlFor={emailId}>{t('request.email')}</label>
        <input id={emailId} className="text-field" type="email" dir="ltr" value={email} readOnly />
        <label htmlFor={subjectId}>{t('request.subject')}</label>
        <input id={subjectId} className="text-field" type="text" value={t(`${action}.subject`)} readOnly />
        <button
          type="button"
          className="primary-button"
          disabled={nothingEligible || busy}
          aria-describedby={nothingEligible ? noteId : undefined}
          onClick={() => send({ type: 'REQUEST' })}
        >
          {busy ? t('request.sending') : t(`${action}.button`)}
        </button>
        {nothingEligible ? (
          <p id={noteId} className="account-page__subheading">
            {t(`${action}.nothingEligible`)}
          </p>
        ) : null}
      </div>
      <Link to="/help-center" className="text-link">
        {t('request.backToHelpCentre')}
      </Link>
      <ChoiceDialog
        open={snapshot.matches('choosing')}
        choices={snapshot.context.choices}
        onChoose={(choice) => send({ type: 'CHOOSE', choice })}
        onClose={() => send({ type: 'DISMISS' })}
      />
    </main>
  );
}
