import type { ActionFunction, LoaderFunction } from 'react-router';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';
import { formText } from './form-text';

/** GoTrue's message for a new password equal to the old one (its code is same_password). */
export const SAME_PASSWORD_MESSAGE = 'New password should be different from the old password.';

export interface ResetPasswordLoaderData {
  /** Whether the recovery link gave this page a session (a bad or used link gives none). */
  readonly hasSession: boolean;
}

export type ResetPasswordActionData = { readonly done: true } | { readonly samePassword: true };

/**
 * Starts the auth client on this page, which turns the recovery link's URL fragment into a session
 * (supabase-js emits PASSWORD_RECOVERY); never the stored-session shortcut here, since the session
 * is in the URL, not yet in storage.
 */
export function createResetPasswordLoader(areas: { readonly telemetry: TelemetryArea; readonly account: AccountArea }): LoaderFunction {
  return async (): Promise<ResetPasswordLoaderData> => ({ hasSession: (await areas.account.auth.currentUser()) !== null });
}

/**
 * Sets the new password. The same-password error becomes the page's error text (spec); any other
 * error is thrown to the route's error screen (spec: "any other error is thrown").
 */
export function createResetPasswordAction(areas: { readonly telemetry: TelemetryArea; readonly account: AccountArea }): ActionFunction {
  return async ({ request }): Promise<ResetPasswordActionData> => {
    const password = formText(await request.formData(), 'password');
    const failure = await areas.account.auth.updatePassword(password);
    if (failure === undefined) return { done: true };
    if (failure.code === 'same_password' || failure.message === SAME_PASSWORD_MESSAGE) return { samePassword: true };
    areas.telemetry.reportError(new Error(`Password update failed: ${failure.message}`));
    throw new Error(failure.message);
  };
}
