import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isValidEmail, isValidPassword } from '../../../engine/credential-rules';
import { EMAIL_NOT_CONFIRMED, USER_ALREADY_REGISTERED, signUpMachine, type CreatedAccount } from '../../../engine/sign-up-machine';

type Credentials = { email: string; password: string };

function harness(options: { createAccount?: (input: Credentials) => Promise<CreatedAccount>; signIn?: (input: Credentials) => Promise<CreatedAccount>; insertProfile?: () => Promise<void>; storedPassword?: string; storedEmail?: string } = {}) {
  const calls: string[] = [];
  const registrations: { userId: string; email: string }[] = [];
  const createAccount = vi.fn(options.createAccount ?? (async ({ email }) => ({ userId: 'user-1', email })));
  const signIn = vi.fn(options.signIn ?? (async ({ email }: Credentials) => ({ userId: 'user-1', email })));
  const machine = signUpMachine.provide({
    actors: {
      createAccount: fromPromise(({ input }) => createAccount(input)),
      signIn: fromPromise(({ input }) => signIn(input)),
      insertProfile: fromPromise(async ({ input }) => {
        calls.push(`insertProfile:${input.userId}`);
        await (options.insertProfile ?? (async () => {}))();
      }),
    },
    actions: {
      persistPassword: (_, params) => void calls.push(`persistPassword:${params.password}`),
      clearPassword: () => void calls.push('clearPassword'),
      advance: () => void calls.push('advance'),
      cacheIdentity: (_, params) => void calls.push(`cacheIdentity:${params.userId}:${params.email}`),
      goToPreparing: () => void calls.push('goToPreparing'),
      reportError: (_, params) => void calls.push(`reportError:${String(params.error)}`),
      trackRegistration: (_, params) => void registrations.push(params),
    },
  });
  const actor = createActor(machine, {
    input: {
      ...(options.storedPassword === undefined ? {} : { storedPassword: options.storedPassword }),
      ...(options.storedEmail === undefined ? {} : { storedEmail: options.storedEmail }),
    },
  });
  actor.start();
  return { actor, calls, createAccount, signIn, registrations };
}

describe('validation rules', () => {
  it('accepts passwords of at least 6 characters and at most 72 bytes', () => {
    expect(isValidPassword('12345')).toBe(false);
    expect(isValidPassword('123456')).toBe(true);
    expect(isValidPassword('x'.repeat(72))).toBe(true);
    expect(isValidPassword('x'.repeat(73))).toBe(false);
    expect(isValidPassword('ä'.repeat(37))).toBe(false);
  });

  it('accepts e-mails with text, @, text, a dot and text', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail(' ann@example.com ')).toBe(true);
    expect(isValidEmail('ann@example')).toBe(false);
    expect(isValidEmail('ann example.com')).toBe(false);
    expect(isValidEmail('a n@example.com')).toBe(false);
  });
});

describe('signUpMachine', () => {
  it('password first: stores it, advances, then creates the account on the e-mail, in the spec order', async () => {
    const { actor, calls, createAccount } = harness();
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    expect(calls).toEqual(['persistPassword:secret1', 'advance']);
    actor.send({ type: 'SUBMIT_EMAIL', email: 'ann@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createAccount).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret1' });
    expect(calls.slice(2)).toEqual(['clearPassword', 'insertProfile:user-1', 'cacheIdentity:user-1:ann@example.com', 'goToPreparing']);
  });

  it('e-mail first (v1, v2): advances to the password step, then creates the account', async () => {
    const { actor, calls, createAccount } = harness();
    actor.send({ type: 'SUBMIT_EMAIL', email: 'bob@example.com' });
    expect(calls).toEqual(['advance']);
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'hunter22' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createAccount).toHaveBeenCalledWith({ email: 'bob@example.com', password: 'hunter22' });
  });

  it('uses the password kept in session storage after a reload of the e-mail step', async () => {
    const { actor, createAccount } = harness({ storedPassword: 'stored-pw' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'c@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createAccount).toHaveBeenCalledWith({ email: 'c@example.com', password: 'stored-pw' });
  });

  it('e-mail taken by an earlier flow step (v1, v2 password page): the password submit creates the account', async () => {
    const { actor, calls, createAccount } = harness({ storedEmail: ' h@example.com ' });
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createAccount).toHaveBeenCalledWith({ email: 'h@example.com', password: 'secret1' });
    expect(calls).not.toContain('advance');
  });

  it('ignores a stored e-mail that is not valid', () => {
    const { actor, calls } = harness({ storedEmail: 'not-an-email' });
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    expect(calls).toEqual(['persistPassword:secret1', 'advance']);
  });

  it('refuses invalid input and does not move on', () => {
    const { actor, calls } = harness();
    actor.send({ type: 'SUBMIT_PASSWORD', password: '123' });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'nope' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ password: undefined, email: undefined });
    expect(calls).toEqual([]);
    actor.send({ type: 'SUBMIT_PASSWORD', password: '123456' });
    expect(calls).toEqual(['persistPassword:123456', 'advance']);
  });

  it('ignores a second submit while the account is being created', async () => {
    let release: (value: CreatedAccount) => void = () => {};
    const { actor, createAccount } = harness({
      storedPassword: 'secret1',
      createAccount: () => new Promise<CreatedAccount>((resolve) => { release = resolve; }),
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'd@example.com' });
    expect(actor.getSnapshot().value).toBe('creatingAccount');
    actor.send({ type: 'SUBMIT_EMAIL', email: 'd@example.com' });
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'other-pw' });
    expect(createAccount).toHaveBeenCalledTimes(1);
    release({ userId: 'u', email: 'd@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('opens the already-registered dialog for "User already registered"', async () => {
    const { actor, calls } = harness({ storedPassword: 'secret1', createAccount: () => Promise.reject(new Error(USER_ALREADY_REGISTERED)) });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'e@example.com' });
    await waitFor(actor, (s) => s.matches('alreadyRegistered'));
    // Calls are recorded as `reportError:<error>`: look for the prefix, not an exact entry.
    expect(calls.filter((call) => call.startsWith('reportError'))).toEqual([]);
    actor.send({ type: 'CLOSE_DIALOG' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('logs any other error, keeps the answers and lets the visitor submit again', async () => {
    let attempt = 0;
    const { actor, calls, createAccount } = harness({
      storedPassword: 'secret1',
      createAccount: async ({ email }) => {
        attempt += 1;
        if (attempt === 1) throw new Error('Request rate limit reached');
        return { userId: 'u2', email };
      },
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'f@example.com' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls).toContain('reportError:Error: Request rate limit reached');
    expect(actor.getSnapshot().context.email).toBe('f@example.com');
    actor.send({ type: 'SUBMIT_EMAIL', email: 'f@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(createAccount).toHaveBeenLastCalledWith({ email: 'f@example.com', password: 'secret1' });
  });

  it('goes on to preparing even when the profile insert fails, reporting it', async () => {
    const { actor, calls } = harness({ storedPassword: 'secret1', insertProfile: () => Promise.reject(new Error('rls')) });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'g@example.com' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toContain('reportError:Error: rls');
    expect(calls.at(-1)).toBe('goToPreparing');
  });

  it('with e-mail confirmation on: waits on "check your inbox" without a profile, then signs in once confirmed', async () => {
    let confirmed = false;
    const { actor, calls, signIn } = harness({
      storedPassword: 'secret1',
      createAccount: async ({ email }) => ({ userId: 'user-9', email, confirmationPending: true }),
      signIn: async ({ email }) => {
        if (!confirmed) throw new Error(EMAIL_NOT_CONFIRMED);
        return { userId: 'user-9', email };
      },
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'p@example.com' });
    await waitFor(actor, (s) => s.matches('awaitingConfirmation'));
    // The link may be opened in another tab: the address is cached; nothing is written as the user yet.
    expect(calls).toEqual(['clearPassword', 'cacheIdentity:user-9:p@example.com']);

    actor.send({ type: 'CHECK_CONFIRMED' });
    await waitFor(actor, (s) => s.matches('awaitingConfirmation') && s.context.confirmationCheck === 'notConfirmed');
    expect(signIn).toHaveBeenCalledWith({ email: 'p@example.com', password: 'secret1' });
    expect(calls.some((call) => call.startsWith('reportError'))).toBe(false);

    confirmed = true;
    actor.send({ type: 'CHECK_CONFIRMED' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.slice(-3)).toEqual(['insertProfile:user-9', 'cacheIdentity:user-9:p@example.com', 'goToPreparing']);
    expect(actor.getSnapshot().context.password).toBeUndefined();
  });

  it('reports a failed confirmation check other than "not confirmed" and lets the visitor try again', async () => {
    const { actor, calls } = harness({
      storedPassword: 'secret1',
      createAccount: async ({ email }) => ({ userId: 'user-8', email, confirmationPending: true }),
      signIn: () => Promise.reject(new Error('Request rate limit reached')),
    });
    actor.send({ type: 'SUBMIT_EMAIL', email: 'q@example.com' });
    await waitFor(actor, (s) => s.matches('awaitingConfirmation'));
    actor.send({ type: 'CHECK_CONFIRMED' });
    await waitFor(actor, (s) => s.context.confirmationCheck === 'failed');
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    expect(calls).toContain('reportError:Error: Request rate limit reached');
    expect(calls).not.toContain('goToPreparing');
  });

  it('tracks the registration once, when the account exists with a session, and not for a failed or unconfirmed one', async () => {
    const created = harness();
    created.actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    created.actor.send({ type: 'SUBMIT_EMAIL', email: 'ann@example.com' });
    await waitFor(created.actor, (s) => s.status === 'done');
    expect(created.registrations).toEqual([{ userId: 'user-1', email: 'ann@example.com' }]);

    const failing = harness({ createAccount: () => Promise.reject(new Error('Database error')) });
    failing.actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    failing.actor.send({ type: 'SUBMIT_EMAIL', email: 'ann@example.com' });
    await waitFor(failing.actor, (s) => s.matches('editing') && failing.calls.some((call) => call.startsWith('reportError')));
    expect(failing.registrations).toEqual([]);

    const pending = harness({ createAccount: async ({ email }) => ({ userId: 'user-2', email, confirmationPending: true }) });
    pending.actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret1' });
    pending.actor.send({ type: 'SUBMIT_EMAIL', email: 'bob@example.com' });
    await waitFor(pending.actor, (s) => s.matches('awaitingConfirmation'));
    expect(pending.registrations).toEqual([]);
    pending.actor.send({ type: 'CHECK_CONFIRMED' });
    await waitFor(pending.actor, (s) => s.status === 'done');
    expect(pending.registrations).toEqual([{ userId: 'user-1', email: 'bob@example.com' }]);
  });
});
