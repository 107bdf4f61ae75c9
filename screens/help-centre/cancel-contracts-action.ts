import type { ActionFunction } from 'react-router';
import { z } from 'zod/mini';
import type { AccountArea } from '../../services/account/account-area';
import { BackendFunctionError } from '../../services/account/backend-function-error';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';

/** The function behind the page (supabase/functions/cancel-contract-without-sign-in, no sign-in). */
export const CANCEL_CONTRACTS_FUNCTION = 'cancel-contract-without-sign-in';
export const CANCEL_EMAIL_FIELD = 'email';
export const CANCEL_LANGUAGE_FIELD = 'language';

const answer = z.object({ data: z.object({ receivedAt: z.number() }) });

export type CancelContractsActionData =
  | { readonly outcome: 'received'; readonly email: string; readonly receivedAt: number }
  | { readonly outcome: 'invalidEmail' | 'rateLimited' | 'failed' };

/**
 * Sends the cancellation. The answer is the same for any address (the function reveals nothing), so
 * the page confirms what it received; a flood answers 429 and the page says to wait.
 */
export function createCancelContractsAction(areas: { readonly account: Pick<AccountArea, 'backendFunctions'>; readonly telemetry: TelemetryArea }): ActionFunction {
  return async ({ request }): Promise<CancelContractsActionData> => {
    const form = await request.formData();
    const email = form.get(CANCEL_EMAIL_FIELD);
    const language = form.get(CANCEL_LANGUAGE_FIELD);
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) return { outcome: 'invalidEmail' };
    try {
      const { data } = answer.parse(await areas.account.backendFunctions.invoke(CANCEL_CONTRACTS_FUNCTION, { email: email.trim(), ...(typeof language === 'string' ? { language } : {}) }));
      return { outcome: 'received', email: email.trim(), receivedAt: data.receivedAt };
    } catch (error) {
      if (error instanceof BackendFunctionError && error.status === 429) return { outcome: 'rateLimited' };
      if (error instanceof BackendFunctionError && error.status === 400) return { outcome: 'invalidEmail' };
      areas.telemetry.reportError(error);
      return { outcome: 'failed' };
    }
  };
}
