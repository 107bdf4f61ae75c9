import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { SignUpActor } from './use-sign-up-actor';

/**
 * What the e-mail and password forms read from the sign-up machine alike: whether a submission is in
 * flight (the form is disabled), whether the already-registered dialog is open, and the ids that tie
 * the field to its heading and hint (the step's own heading when a flow embeds the form), and, once an
 * account waits for e-mail confirmation, what the "check your inbox" panel shows.
 */
export function useSignUpStep(actor: SignUpActor, givenHeadingId: string | undefined) {
  const busy = useSelector(actor, (snapshot) => !snapshot.matches('editing') && !snapshot.matches('alreadyRegistered'));
  const alreadyRegistered = useSelector(actor, (snapshot) => snapshot.matches('alreadyRegistered'));
  // With e-mail confirmation on, "check your inbox" replaces the form until the visitor goes on.
  const confirmationRequired = useSelector(actor, (snapshot) => snapshot.context.confirmationRequired);
  const confirmationCheck = useSelector(actor, (snapshot) => snapshot.context.confirmationCheck);
  const email = useSelector(actor, (snapshot) => snapshot.context.email ?? '');
  const checking = useSelector(actor, (snapshot) => snapshot.context.confirmationRequired && !snapshot.matches('awaitingConfirmation'));
  const ownHeadingId = useId();
  const hintId = useId();
  return {
    busy,
    alreadyRegistered,
    headingId: givenHeadingId ?? ownHeadingId,
    embedded: givenHeadingId !== undefined,
    hintId,
    closeDialog: () => actor.send({ type: 'CLOSE_DIALOG' }),
    confirmation: confirmationRequired
      ? {
          email,
          check: confirmationCheck,
          checking,
          onConfirmed: () => actor.send({ type: 'CHECK_CONFIRMED' }),
        }
      : undefined,
  };
}
