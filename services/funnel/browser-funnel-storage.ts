import { loadOnce } from '../load-once';
import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';
import type { AnswerStore, FunnelStorage } from './funnel-storage';

/**
 * Funnel storage on the browser's localStorage (answers, spec section 3) and sessionStorage (the
 * sign-up e-mail; the password is the sign-up machine's, services/account/sign-up-cache.ts). Storage can be unavailable (private mode, quota): the funnel then
 * still works for the visit, it only forgets on reload, so failures are logged and swallowed.
 * The answer store's code (answer keys, restore) is a lazy chunk: the first step paints and hydrates
 * without it, and the step loader awaits it beside the flow chunk.
 */
export function browserFunnelStorage(local: KeyValueStorage, session: KeyValueStorage, log: (message: string, error: unknown) => void): FunnelStorage {
  const safely = guardStorage('Funnel storage unavailable', log);
  return {
    answers: loadOnce(() => import('./browser-answer-store').then(({ browserAnswerStore }): AnswerStore => browserAnswerStore(local, session, log))),
    read: (key: string) => safely(null, () => local.getItem(key)),
  };
}
