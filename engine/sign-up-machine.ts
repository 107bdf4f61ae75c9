import { and, assign, fromPromise, setup } from 'xstate';
import { isValidEmail, isValidPassword } from './credential-rules';

/** Sign-up's error message for an existing account, as GoTrue sends it. */
export const USER_ALREADY_REGISTERED = 'User already registered';

/** GoTrue's message for a password sign-in before the address is confirmed (code email_not_confirmed). */
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed';

/** Where the check for a confirmed address stands on the "check your inbox" step. */
export type ConfirmationCheck = 'idle' | 'notConfirmed' | 'failed';

export interface SignUpContext {
  readonly email: string | undefined;
  readonly password: string | undefined;
  /** Set once the account exists. */
  readonly userId: string | undefined;
  /** The account was created with e-mail confirmation on: from then on the visitor is told to check the inbox. */
  readonly confirmationRequired: boolean;
  /** The last "I've confirmed" check, while the account waits for its address to be confirmed. */
  readonly confirmationCheck: ConfirmationCheck;
}

export interface SignUpInput {
  /** The password kept in session storage between the password and e-mail steps, if any. */
  readonly storedPassword?: string;
  /** The e-mail an earlier step of the flow already took (v1 and v2 ask it before the password). */
  readonly storedEmail?: string;
}

export type SignUpEvent =
  | { readonly type: 'SUBMIT_PASSWORD'; readonly password: string }
  | { readonly type: 'SUBMIT_EMAIL'; readonly email: string }
  | { readonly type: 'CLOSE_DIALOG' }
  /** The visitor says they followed the confirmation link (possibly on another device). */
  | { readonly type: 'CHECK_CONFIRMED' };

/** Events a host can emit (xstate `emit`) to learn of the machine's navigations. */
export type SignUpEmitted =
  | { readonly type: 'advance'; readonly email: string | undefined; readonly password: string | undefined }
  | { readonly type: 'goToPreparing' };

export interface CreatedAccount {
  readonly userId: string;
  readonly email: string;
  /**
   * The address must be confirmed by e-mail first (hosted Supabase's default): the account exists but
   * there is no session yet, so nothing can be written as the user.
   */
  readonly confirmationPending?: boolean;
}

/**
 * Sign-up: collects a password and an e-mail in whichever order the flow declares (standalone
 * /sign-up asks the password first; v1 and v2 ask the e-mail first), creates the account once both are
 * there, then inserts the profile, caches the identity and leaves for the preparing screen.
 *
 * When the auth service asks for e-mail confirmation (no session yet), the machine waits in
 * `awaitingConfirmation` ("check your inbox"), keeping the password in memory only: the link itself
 * signs the visitor in on whatever device opens it (a route outside this machine), and here "I've
 * confirmed" (`CHECK_CONFIRMED`) signs in with the password, then writes the profile and goes on as
 * above. An address that is not confirmed yet says so and keeps waiting.
 *
 * Everything with side effects is referenced by name and supplied with `.provide()`:
 * - actors `createAccount` (rejects with an Error whose message is GoTrue's), `signIn` (the same,
 *   after confirmation), `insertProfile` (its failure is reported, never blocks the visitor);
 * - actions `persistPassword`, `clearPassword`, `advance` (go to the flow's next sign-up step),
 *   `cacheIdentity`, `goToPreparing`, `reportError`, `trackRegistration` (the ad platform's
 *   CompleteRegistration, once the account exists with a session; fire and forget).
 */
export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    // A type marker XState infers from; every input field is optional, so the rule calls it unnecessary.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as SignUpInput,
    emitted: {} as SignUpEmitted,
  },
  actors: {
    createAccount: fromPromise<CreatedAccount, { email: string; password: string }>(async () => {
      throw new Error('createAccount is not provided');
    }),
    signIn: fromPromise<CreatedAccount, { email: string; password: string }>(async () => {
      throw new Error('signIn is not provided');
    }),
    // Resolves with nothing: the profile row is only written.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
    insertProfile: fromPromise<void, { userId: string }>(async () => {
      throw new Error('insertProfile is not provided');
    }),
  },
  guards: {
    passwordIsValid: ({ event }) => event.type === 'SUBMIT_PASSWORD' && isValidPassword(event.password),
    emailIsValid: ({ event }) => event.type === 'SUBMIT_EMAIL' && isValidEmail(event.email),
    hasEmail: ({ context }) => context.email !== undefined,
    hasPassword: ({ context }) => context.password !== undefined,
    isAlreadyRegistered: ({ event }) =>
      'error' in event && event.error instanceof Error && event.error.message === USER_ALREADY_REGISTERED,
    isEmailNotConfirmed: ({ event }) =>
      'error' in event && event.error instanceof Error && event.error.message === EMAIL_NOT_CONFIRMED,
    confirmationPending: ({ event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null && 'confirmationPending' in event.output && event.output.confirmationPending === true,
  },
  actions: {
    persistPassword: (_, _params: { password: string }) => {},
    clearPassword: () => {},
    advance: () => {},
    cacheIdentity: (_, _params: CreatedAccount) => {},
    goToPreparing: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    trackRegistration: (_, _params: { userId: string; email: string }) => {},
  },
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    email: input.storedEmail && isValidEmail(input.storedEmail) ? input.storedEmail.trim() : undefined,
    password: input.storedPassword && isValidPassword(input.storedPassword) ? input.storedPassword : undefined,
    userId: undefined,
    confirmationRequired: false,
    confirmationCheck: 'idle',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        // An invalid value is refused here; the form says why from the value it holds
        // (engine/field-message-rule.ts), so the message follows the field, not the last submit.
        SUBMIT_PASSWORD: {
          guard: { type: 'passwordIsValid' },
          actions: [
            assign({ password: ({ event }) => event.password }),
            { type: 'persistPassword', params: ({ event }) => ({ password: event.password }) },
          ],
          target: 'decidingNext',
        },
        SUBMIT_EMAIL: {
          guard: { type: 'emailIsValid' },
          actions: assign({ email: ({ event }) => event.email.trim() }),
          target: 'decidingNext',
        },
      },
    },
    decidingNext: {
      always: [
        { guard: and(['hasEmail', 'hasPassword']), target: 'creatingAccount' },
        // Whichever of the two is missing is the flow's next sign-up step.
        { actions: 'advance', target: 'editing' },
      ],
    },
    // Submitting again is impossible here: events other than the actor's results are ignored.
    creatingAccount: {
      // Spec: session storage holds the password only until the e-mail step; from here it lives in
      // memory, so a failed attempt can be retried without typing it again.
      entry: 'clearPassword',
      invoke: {
        src: 'createAccount',
        input: ({ context }) => ({ email: context.email ?? '', password: context.password ?? '' }),
        onDone: [
          {
            guard: { type: 'confirmationPending' },
            target: 'awaitingConfirmation',
            // The password stays in memory (never storage) for the "I've confirmed" sign-in.
            actions: assign({ confirmationRequired: true, userId: ({ event }) => event.output.userId, email: ({ event }) => event.output.email }),
          },
          {
            target: 'creatingProfile',
            actions: [
              assign({ password: undefined, userId: ({ event }) => event.output.userId, email: ({ event }) => event.output.email }),
              { type: 'trackRegistration', params: ({ event }) => ({ userId: event.output.userId, email: event.output.email }) },
            ],
          },
        ],
        onError: [
          { guard: { type: 'isAlreadyRegistered' }, target: 'alreadyRegistered' },
          // Spec: any other error is only logged; the visitor can submit again, nothing is lost.
          { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    awaitingConfirmation: {
      // Cached now, so the confirmation link opened in another tab of this browser finds the address.
      entry: { type: 'cacheIdentity', params: ({ context }) => ({ userId: context.userId ?? '', email: context.email ?? '' }) },
      on: { CHECK_CONFIRMED: { target: 'checkingConfirmation' } },
    },
    checkingConfirmation: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ email: context.email ?? '', password: context.password ?? '' }),
        onDone: {
          target: 'creatingProfile',
          actions: [
            assign({ password: undefined, confirmationCheck: 'idle', userId: ({ event }) => event.output.userId }),
            // The account counts as registered once it can sign in (the server event needs the session).
            { type: 'trackRegistration', params: ({ context, event }) => ({ userId: event.output.userId, email: context.email ?? event.output.email }) },
          ],
        },
        onError: [
          { guard: { type: 'isEmailNotConfirmed' }, target: 'awaitingConfirmation', actions: assign({ confirmationCheck: 'notConfirmed' }) },
          {
            target: 'awaitingConfirmation',
            actions: [assign({ confirmationCheck: 'failed' }), { type: 'reportError', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    creatingProfile: {
      invoke: {
        src: 'insertProfile',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { target: 'done' },
        // Reported and logged (spec); the account exists, so the visitor goes on regardless.
        onError: { target: 'done', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    alreadyRegistered: {
      on: { CLOSE_DIALOG: { target: 'editing' } },
    },
    done: {
      type: 'final',
      entry: [
        { type: 'cacheIdentity', params: ({ context }) => ({ userId: context.userId ?? '', email: context.email ?? '' }) },
        'goToPreparing',
      ],
    },
  },
});
