import { useLocation, useNavigate } from 'react-router';
import type { ScreenProps } from './screen-props';
import { SignUpPasswordForm } from './sign-up/sign-up-password-page';
import { useSignUpActor } from './sign-up/use-sign-up-actor';

/**
 * The password step of v1/v2, the funnel's last, run by the sign-up machine (the same one as /sign-up):
 * with the e-mail from the previous step it creates the account, inserts the profile and goes on to
 * /sign-up/preparing. Should the e-mail be gone (session storage cleared), the standalone e-mail
 * page finishes the sign-up with the password this step kept.
 */
export function SignUpPasswordScreen({ headingId }: ScreenProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const actor = useSignUpActor({
    useStoredEmail: true,
    useStoredPassword: false,
    advance: () => void navigate(`/sign-up/email${search}`),
  });
  return <SignUpPasswordForm actor={actor} headingId={headingId} />;
}
