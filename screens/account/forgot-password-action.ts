import type { ActionFunction } from 'react-router';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';
import { formText } from './form-text';

export interface ForgotPasswordActionData {
  readonly sentTo: string;
  /** Distinguishes two requests for the same address, so the dialog opens again. */
  readonly requestedAt: number;
}

/**
 * Asks the auth provider for a recovery e-mail whose link leads to /account/reset-password on this
 * site. The answer is the same whether or not the address has an account (no account enumeration),
 * and so is the page's: errors (e.g. the send-interval limit) are reported, and the visitor is told to
 * check their e-mail either way.
 */
export function createForgotPasswordAction(areas: { readonly telemetry: TelemetryArea; readonly account: AccountArea }): ActionFunction {
  return async ({ request }): Promise<ForgotPasswordActionData> => {
    const email = formText(await request.formData(), 'email').trim();
    const failure = await areas.account.auth.requestPasswordReset(email, `${new URL(request.url).origin}/account/reset-password`);
    if (failure) areas.telemetry.reportError(new Error(`Password reset request failed: ${failure.message}`));
    return { sentTo: email, requestedAt: Date.now() };
  };
}
