import profileSources from 'virtual:flow-profile';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useActorRef } from '@xstate/react';
import { emit, fromPromise, type ActorRefFrom } from 'xstate';
import { profileFromAnswers } from '../../engine/profile-from-answers';
import { signUpMachine, type CreatedAccount } from '../../engine/sign-up-machine';
import { useFunnelArea, useTelemetryArea, useAccountArea } from '../areas/area-contexts';

export type SignUpActor = ActorRefFrom<typeof signUpMachine>;

export interface SignUpActorOptions {
  /**
   * Go to the flow's missing sign-up step (the e-mail page after the password, or the reverse), with
   * the value the machine just accepted.
   */
  readonly advance: (accepted: { readonly email: string | undefined; readonly password: string | undefined }) => void;
  /** Use the e-mail a previous step of the flow stored (v1/v2 ask it before the password). */
  readonly useStoredEmail?: boolean;
  /** Use the password kept in session storage (off where the flow asks the e-mail first). */
  readonly useStoredPassword?: boolean;
}

/** Sign-up's user-metadata values (spec: the visitor cookie, or "unknown"; the platform). */
export const SIGN_UP_PLATFORM = 'web';
export const UNKNOWN_VISITOR = 'unknown';
/**
 * The user metadata sign-up writes: the spec's visitor cookie (or "unknown") and platform, and the
 * experiment and variant the flag assigned the visitor when there is one (`experiment_id`,
 * `experiment_variant`), by which
 * the experiment report counts sign-ups whose exposure event was lost (docs/experiments.md).
 */
export function signUpMetadata(visitorId: string | undefined, assignment: { readonly experiment: string; readonly variant: string } | undefined): Readonly<Record<string, string>> {
  return {
    confidence_visitor_id: visitorId ?? UNKNOWN_VISITOR,
    sign_up_platform: SIGN_UP_PLATFORM,
    ...(assignment === undefined ? {} : { experiment_id: assignment.experiment, experiment_variant: assignment.variant }),
  };
}

/** Where the confirmation e-mail's link lands (screens/sign-up/confirm-email-loader.ts). */
export const CONFIRM_EMAIL_PATH = '/sign-up/confirm';

/**
 * The sign-up machine with its side effects wired to the app's services: account creation through
 * the auth service with the spec's user metadata, the profile row from the stored answers, the
 * session-scoped password and identity, and the navigation to the preparing screen.
 */
export function useSignUpActor({ advance, useStoredEmail = false, useStoredPassword = true }: SignUpActorOptions): SignUpActor {
  const funnelArea = useFunnelArea();
  const telemetry = useTelemetryArea();
  const accountArea = useAccountArea();
  const navigate = useNavigate();
  // The query string (ad parameters) stays with the visitor, as it does through the funnel.
  const { search } = useLocation();
  // The machine is built once per page. Its two navigations are emitted events, handled below with the
  // latest `advance` and query string, so nothing in the machine reads a ref or a stale closure.
  const machine = useMemo(
    () =>
      signUpMachine.provide({
        actors: {
          createAccount: fromPromise(async ({ input }: { input: { email: string; password: string } }): Promise<CreatedAccount> => {
            const visitorId = funnelArea.readVisitorId();
            // Spec: a missing visitor cookie is reported, and sign-up goes on with "unknown".
            if (visitorId === undefined) telemetry.reportError(new Error('Visitor cookie cnfdVisitorId missing at sign-up'));
            // CompleteRegistration's server event carries the visitor's city, country and zip code from
            // the session's cached location: look it up beside the sign-up call (cached for the session,
            // never rejects), so it is there when the account exists.
            const located = funnelArea.productApi().then((api) => api.location.location()).catch(() => undefined);
            const result = await accountArea.auth.signUp(
              input.email,
              input.password,
              signUpMetadata(visitorId, funnelArea.experimentAssignment()),
              // With e-mail confirmation on, the link leads here, with the ad parameters kept.
              `${window.location.origin}${CONFIRM_EMAIL_PATH}${window.location.search}`,
            );
            if (result.error) throw new Error(result.error.message);
            await located;
            return { userId: result.user.id, email: result.user.email ?? input.email, confirmationPending: result.confirmationPending };
          }),
          signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }): Promise<CreatedAccount> => {
            const result = await accountArea.auth.signIn(input.email, input.password);
            if (result.error) throw new Error(result.error.message);
            return { userId: result.user.id, email: result.user.email ?? input.email };
          }),
          insertProfile: fromPromise(async ({ input }: { input: { userId: string } }) => {
            await accountArea.profiles.insert(profileFromAnswers(input.userId, (key) => funnelArea.funnelStorage.read(key), profileSources));
          }),
        },
        actions: {
          persistPassword: (_, { password }) => accountArea.signUpCache.persistPassword(password),
          clearPassword: () => accountArea.signUpCache.clearPassword(),
          advance: emit(({ context }) => ({ type: 'advance', email: context.email, password: context.password })),
          cacheIdentity: (_, identity) => accountArea.signUpCache.cacheIdentity(identity),
          goToPreparing: emit({ type: 'goToPreparing' }),
          // Spec: other sign-up errors are only logged; profile-insert errors reported and logged.
          reportError: (_, { error }) => telemetry.reportError(error),
          // Never awaited: tracking reports its own failures and must not hold the visitor up.
          trackRegistration: (_, account) => void telemetry.conversions.completeRegistration(account),
        },
      }),
    [funnelArea, telemetry, accountArea],
  );
  const storedPassword = useStoredPassword ? accountArea.signUpCache.storedPassword() : undefined;
  const storedEmail = useStoredEmail ? accountArea.signUpCache.storedEmail() : undefined;
  const actor = useActorRef(machine, {
    input: {
      ...(storedPassword === undefined ? {} : { storedPassword }),
      ...(storedEmail === undefined ? {} : { storedEmail }),
    },
  });
  useEffect(() => {
    const subscriptions = [
      actor.on('advance', ({ email, password }) => advance({ email, password })),
      actor.on('goToPreparing', () => void navigate(`/sign-up/preparing${search}`)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, advance, navigate, search]);
  return actor;
}
