import type { ActionFunction } from 'react-router';
import type { AccountArea } from '../../services/account/account-area';
import { BackendFunctionError } from '../../services/account/backend-function-error';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import { WITHDRAW_FUNCTION } from './withdrawal-loader';

export const WITHDRAWAL_SUBSCRIPTION_FIELD = 'subscriptionId';
export const WITHDRAWAL_LANGUAGE_FIELD = 'language';

export type WithdrawalActionData =
  | { readonly outcome: 'withdrawn'; readonly subscriptionId: string }
  /** The function refused: the period is over (or the country offers none); the page reloads and says so. */
  | { readonly outcome: 'refused' }
  | { readonly outcome: 'failed' };

/**
 * Withdraws from one contract (the confirm step's submit). The function is idempotent: a failure can be
 * tried again without refunding twice; after it the loader runs again, so the page shows the new state.
 */
export function createWithdrawalAction(areas: { readonly account: Pick<AccountArea, 'backendFunctions'>; readonly telemetry: TelemetryArea }): ActionFunction {
  return async ({ request }): Promise<WithdrawalActionData> => {
    const form = await request.formData();
    const subscriptionId = form.get(WITHDRAWAL_SUBSCRIPTION_FIELD);
    const language = form.get(WITHDRAWAL_LANGUAGE_FIELD);
    if (typeof subscriptionId !== 'string' || subscriptionId === '') return { outcome: 'failed' };
    try {
      await areas.account.backendFunctions.invoke(WITHDRAW_FUNCTION, { subscriptionId, ...(typeof language === 'string' ? { language } : {}) });
      return { outcome: 'withdrawn', subscriptionId };
    } catch (error) {
      if (error instanceof BackendFunctionError && error.status === 409) return { outcome: 'refused' };
      areas.telemetry.reportError(error);
      return { outcome: 'failed' };
    }
  };
}
