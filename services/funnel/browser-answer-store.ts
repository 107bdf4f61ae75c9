import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswers } from '../../engine/funnel-answer';
import { answerStorageWrites, storageKeysOf } from '../../engine/answer-storage';
import { progressStorageKey, restoreAnswers, serializeAnswers } from '../../engine/restore-answers';
import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';
import type { AnswerStore } from './funnel-storage';

/**
 * Answers on the browser's localStorage (spec section 3) and the sign-up e-mail on sessionStorage.
 * A module of its own so that the entry does not carry it (browser-funnel-storage.ts loads it).
 */
export function browserAnswerStore(local: KeyValueStorage, session: KeyValueStorage, log: (message: string, error: unknown) => void): AnswerStore {
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
  };
}
