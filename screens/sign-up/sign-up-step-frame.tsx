import type { ReactNode } from 'react';
import { AlreadyRegisteredDialog } from './already-registered-dialog';

/**
 * What the e-mail and password forms share around them: the already-registered dialog, and either the
 * standalone page (/sign-up/*, with its own heading) or nothing more when a flow step embeds the form
 * under the step's heading (v1, v2).
 */
export function SignUpStepFrame({
  heading,
  headingId,
  embedded,
  alreadyRegistered,
  onCloseDialog,
  children,
}: {
  readonly heading: string;
  readonly headingId: string;
  readonly embedded: boolean;
  readonly alreadyRegistered: boolean;
  readonly onCloseDialog: () => void;
  readonly children: ReactNode;
}) {
  const dialog = <AlreadyRegisteredDialog open={alreadyRegistered} onClose={onCloseDialog} />;
  if (embedded) {
    return (
      <>
        {children}
        {dialog}
      </>
    );
  }
  return (
    <main className="account-page">
      <h1 id={headingId}>{heading}</h1>
      {children}
      {dialog}
    </main>
  );
}
