import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmationCheck } from '../../engine/sign-up-machine';
import { AlreadyRegisteredDialog } from './already-registered-dialog';
import { LegalNotice } from '../legal-notice';
import { CheckInboxPanel } from './check-inbox-panel';
import '../form-feedback.css';

/**
 * What the e-mail and password steps share: the form (busy state announced, Continue disabled while
 * blank or in flight), the already-registered dialog, and either the standalone page (/sign-up/*, with
 * its own heading) or nothing more when a flow step embeds the form under the step's heading (v1, v2).
 * The field and its hint are the children. Once the account waits for e-mail confirmation, the
 * "check your inbox" panel takes the form's place.
 */
export function SignUpStepFrame({
  heading,
  headingId,
  embedded,
  busy,
  submitDisabled,
  onSubmit,
  alreadyRegistered,
  onCloseDialog,
  confirmation,
  legalNotice = false,
  children,
}: {
  readonly heading: string;
  readonly headingId: string;
  readonly embedded: boolean;
  readonly busy: boolean;
  readonly submitDisabled: boolean;
  readonly onSubmit: () => void;
  readonly alreadyRegistered: boolean;
  readonly onCloseDialog: () => void;
  readonly confirmation:
    | { readonly email: string; readonly check: ConfirmationCheck; readonly checking: boolean; readonly onConfirmed: () => void }
    | undefined;
  /** The consent sentence with the Terms of Use and Privacy Policy (the e-mail step: where the account is made). */
  readonly legalNotice?: boolean;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('signup');
  if (confirmation !== undefined) return <CheckInboxPanel embedded={embedded} {...confirmation} />;
  const form = (
    <form
      className="account-form screen-form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {/* Why an account: it keeps the plan the answers just made (issue 13). */}
      <p className="sign-up-lead">{t('savePlan')}</p>
      {children}
      {/* The busy state is visible on the button (spinner and text) and announced once by the status. */}
      <button type="submit" className="primary-button sign-up-submit" disabled={submitDisabled || busy} aria-busy={busy}>
        {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
        {busy ? t('email.creating') : t('continue')}
      </button>
      {busy ? (
        <p role="status" className="visually-hidden">
          {t('email.creating')}
        </p>
      ) : null}
      {legalNotice ? <LegalNotice at="signUp" /> : null}
    </form>
  );
  const dialog = <AlreadyRegisteredDialog open={alreadyRegistered} onClose={onCloseDialog} />;
  if (embedded) {
    return (
      <>
        {form}
        {dialog}
      </>
    );
  }
  return (
    <main className="account-page">
      <h1 id={headingId}>{heading}</h1>
      {form}
      {dialog}
    </main>
  );
}
