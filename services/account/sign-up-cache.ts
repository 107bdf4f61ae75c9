import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';

/**
 * The spec's session-scoped values for sign-up: the password between the password and e-mail steps,
 * then the new account's e-mail and id.
 */
export interface SignUpCache {
  storedPassword(): string | undefined;
  storedEmail(): string | undefined;
  persistPassword(password: string): void;
  clearPassword(): void;
  cacheIdentity(identity: { readonly userId: string; readonly email: string }): void;
}

/** The cache over sessionStorage (keys `password`, `email`, `id`); unavailable storage is logged, not fatal. */
export function sessionSignUpCache(session: KeyValueStorage, log: (message: string, error: unknown) => void): SignUpCache {
  const safely = guardStorage('Session storage unavailable', log);
  const read = (key: string) => safely(undefined, () => session.getItem(key) ?? undefined);
  return {
    storedPassword: () => read('password'),
    storedEmail: () => read('email'),
    persistPassword: (password) => safely(undefined, () => session.setItem('password', password)),
    clearPassword: () => safely(undefined, () => session.removeItem('password')),
    cacheIdentity: ({ userId, email }) =>
      safely(undefined, () => {
        session.setItem('email', email);
        session.setItem('id', userId);
      }),
  };
}
