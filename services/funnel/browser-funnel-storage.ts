import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswers } from '../../engine/funnel-answer';
import { answerStorageWrites, storageKeysOf } from '../../engine/answer-storage';
import { progressStorageKey, restoreAnswers, serializeAnswers } from '../../engine/restore-answers';
import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';
import type { FunnelStorage } from './funnel-storage';

/**
 * Funnel storage on the browser's localStorage (answers, spec section 3) and sessionStorage (the
 * sign-up e-mail; the password is the sign-up machine's, services/account/sign-up-cache.ts). Storage can be unavailable (private mode, quota): the funnel then
 * still works for the visit, it only forgets on reload, so failures are logged and swallowed.
 */
export function browserFunnelStorage(local: KeyValueStorage, session: KeyValueStorage, log: (message: string, error: unknown) => void): FunnelStorage {
  const safely = guardStorage('Funnel storage unavailable', log);
  return {
    restore: (flow: CompiledFlow) =>
      safely({}, () =>
        restoreAnswers(flow, {
          progressJson: local.getItem(progressStorageKey(flow.id)),
          sessionEmail: session.getItem('email'),
        }),
      ),
    persist: (flow: CompiledFlow, step: CompiledStep, answers: FunnelAnswers, cleared: readonly CompiledStep[] = []) =>
      safely(undefined, () => {
        const answer = answers[step.id];
        if (!answer) return;
        for (const key of cleared.flatMap(storageKeysOf)) local.removeItem(key);
        const writes = answerStorageWrites(step, answer);
        for (const [key, value] of Object.entries(writes.local)) local.setItem(key, value);
        for (const [key, value] of Object.entries(writes.session)) session.setItem(key, value);
        local.setItem(progressStorageKey(flow.id), serializeAnswers(answers));
      }),
    read: (key: string) => safely(null, () => local.getItem(key)),
  };
}
