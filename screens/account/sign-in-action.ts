import { redirect, type ActionFunction } from 'react-router';
import { postLoginPath, safeRedirectPath } from '../../engine/post-login-path';
import { subscriptionStatus } from '../../engine/subscription-status';
import type { AuthFailure, AuthUser } from '../../services/account/auth-service';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';
import { formText } from './form-text';

/**
 * What the sign-in page shows after a submit: the login's error, or (after a successful login) that
 * the subscription lookup failed, with a way to retry only that.
 */
export type SignInActionData = { readonly error: AuthFailure; readonly lookupFailed?: undefined } | { readonly error?: undefined; readonly lookupFailed: true };

/** The form field that asks the action to retry only the post-login lookup (the visitor is signed in). */
export const SIGN_IN_INTENT_FIELD = 'intent';
export const CONTINUE_AFTER_SIGN_IN = 'continue';

/** The receipt-service function the spec calls after every login. */
export const SET_CUSTOMER_EMAIL_FUNCTION = 'set-revenuecat-customer-email';

/**
 * The sign-in form's action: log in; on failure return the error for the page to show under the
 * heading. After a login, store the customer e-mail with the receipt service (a failure there is
 * reported, it does not undo the login), then redirect to the `path` query parameter when it is a
 * same-site path, otherwise by subscription status. A failed status lookup (network, a 503) is reported
 * and answered with `lookupFailed`: the visitor is signed in, so the page offers to retry the lookup
 * (intent `continue`) rather than the generic error screen or a second login.
 */
export function createSignInAction(areas: { readonly telemetry: TelemetryArea; readonly account: AccountArea }): ActionFunction {
  return async ({ request }): Promise<SignInActionData | Response | null> => {
    const form = await request.formData();
    const requested = safeRedirectPath(new URL(request.url).searchParams.get('path'));
    if (form.get(SIGN_IN_INTENT_FIELD) === CONTINUE_AFTER_SIGN_IN) {
      let user: AuthUser | null;
      try {
        user = await areas.account.auth.currentUser();
      } catch (error) {
        areas.telemetry.reportError(error);
        return { lookupFailed: true };
      }
      // The session is gone (signed out elsewhere): the form is shown again.
      if (!user) return null;
      return destinationAfterSignIn(areas, user, requested);
    }
    const email = formText(form, 'email').trim();
    const password = formText(form, 'password');
    const result = await areas.account.auth.signIn(email, password);
    if (result.error) return { error: result.error };
    try {
      await areas.account.backendFunctions.invoke(SET_CUSTOMER_EMAIL_FUNCTION);
    } catch (error) {
      areas.telemetry.reportError(error);
    }
    return destinationAfterSignIn(areas, result.user, requested);
  };
}

async function destinationAfterSignIn(areas: { readonly telemetry: TelemetryArea; readonly account: AccountArea }, user: AuthUser, requested: string | undefined): Promise<SignInActionData | Response> {
  if (requested !== undefined) return redirect(requested);
  try {
    const record = await areas.account.receipts.subscriber(user.id);
    return redirect(postLoginPath(undefined, subscriptionStatus(user.id, record, new Date())));
  } catch (error) {
    areas.telemetry.reportError(error);
    return { lookupFailed: true };
  }
}
