import type { ScreenProps } from './screen-props';
import { SignUpEmailForm } from './sign-up/sign-up-email-page';
import { useSignUpActor } from './sign-up/use-sign-up-actor';

/**
 * The e-mail step of v1/v2, run by the sign-up machine (the same one as /sign-up): it decides whether
 * the address is acceptable (an invalid one replaces the hint and marks the field); an accepted one is
 * the step's answer, and the funnel moves on to the password step.
 */
export function SignUpEmailScreen({ headingId, previousAnswer, onAnswer }: ScreenProps) {
  const actor = useSignUpActor({
    // v1/v2 ask the e-mail first: a password left in session storage belongs to no flow step here.
    useStoredPassword: false,
    advance: ({ email }) => onAnswer({ kind: 'email', value: email ?? '' }),
  });
  return <SignUpEmailForm actor={actor} headingId={headingId} initialEmail={previousAnswer?.kind === 'email' ? previousAnswer.value : undefined} />;
}
