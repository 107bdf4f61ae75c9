import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { SignUpActor } from './use-sign-up-actor';

/**
 * What the e-mail and password forms read from the sign-up machine alike: whether a submission is in
 * flight (the form is disabled), whether the already-registered dialog is open, and the ids that tie
 * the field to its heading and hint (the step's own heading when a flow embeds the form).
 */
export function useSignUpStep(actor: SignUpActor, givenHeadingId: string | undefined) {
  const busy = useSelector(actor, (snapshot) => !snapshot.matches('editing') && !snapshot.matches('alreadyRegistered'));
  const alreadyRegistered = useSelector(actor, (snapshot) => snapshot.matches('alreadyRegistered'));
  const ownHeadingId = useId();
  const hintId = useId();
  return {
    busy,
    alreadyRegistered,
    headingId: givenHeadingId ?? ownHeadingId,
    embedded: givenHeadingId !== undefined,
    hintId,
    closeDialog: () => actor.send({ type: 'CLOSE_DIALOG' }),
  };
}
