import { redirect, type ActionFunction } from 'react-router';
import { postLoginPath, safeRedirectPath } from '../../engine/post-login-path';
import { subscriptionStatus } from '../../engine/subscription-status';
import type { AuthFailure } from '../../services/account/auth-service';
import type { AppServices } from '../../services/composition-root';

/** What the sign-in form shows after a failed attempt. */
export interface SignInActionData {
  readonly error: AuthFailure;
}

/** The receipt-service function the spec calls after every login. */
export const SET_CUSTOMER_EMAIL_FUNCTION = 'set-revenuecat-customer-email';

/**
 * The sign-in form's action: log in; on failure return the error for the page to show under the
 * heading. After a login, store the customer e-mail with the receipt service (a failure there is
 * reported, it does not undo the login), then redirect to the `path` query parameter when it is a
 * same-site path, otherwise by subscription status.
 */
export function createSignInAction(services: AppServices): ActionFunction {
  return async ({ request }): Promise<SignInActionData | Response> => {
    const form = await request.formData();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const result = await services.auth.signIn(email, password);
    if (result.error) return { error: result.error };
    try {
      await services.backendFunctions.invoke(SET_CUSTOMER_EMAIL_FUNCTION);
    } catch (error) {
      services.reportError(error);
    }
    const requested = safeRedirectPath(new URL(request.url).searchParams.get('path'));
    if (requested !== undefined) return redirect(requested);
    const record = await services.receipts.subscriber(result.user.id);
    return redirect(postLoginPath(undefined, subscriptionStatus(result.user.id, record, new Date())));
  };
}
