import profileSources from 'virtual:flow-profile';
import { redirect, type LoaderFunction } from 'react-router';
import { hasAnyAnswer, profileFromAnswers } from '../../engine/profile-from-answers';
import type { FunnelArea } from '../../services/funnel/funnel-area';
import type { TelemetryArea } from '../../services/telemetry/telemetry-area';
import type { AccountArea } from '../../services/account/account-area';

/** The link's own parameters (token_hash pattern); everything else in the query is the visitor's. */
const LINK_PARAMETERS = ['token_hash', 'type'];

export interface ConfirmEmailLoaderData {
  /** The link was bad, used or expired: the visitor is not signed in. */
  readonly invalidLink: true;
}

/**
 * /sign-up/confirm, where the confirmation e-mail's link lands (sign-up passes it as emailRedirectTo,
 * with the ad parameters). The link signs the visitor in (GoTrue's implicit-flow fragment, or
 * `?token_hash=...&type=email` for a deployment whose template links here directly); then the profile
 * is written from the answers this browser holds, the identity cached, and the visitor continues to
 * /sign-up/preparing with the query string kept; the ad platform's CompleteRegistration is sent
 * unless the sign-up tab sent it already. A browser without the answers (another device, a
 * mail app's own browser) writes no profile: the sign-up tab's "I've confirmed" writes it there.
 */
export function createConfirmEmailLoader(areas: { readonly funnel: FunnelArea; readonly telemetry: TelemetryArea; readonly account: AccountArea }): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    // The fragment never reaches the router's request; the page's own URL still has it.
    const result = await areas.account.auth.confirmEmail({ search: url.search, hash: window.location.hash });
    if (result.error) {
      areas.telemetry.reportError(new Error(`E-mail confirmation failed: ${result.error.message}`));
      return { invalidLink: true } satisfies ConfirmEmailLoaderData;
    }
    const { user } = result;
    const profile = profileFromAnswers(user.id, (key) => areas.funnel.funnelStorage.read(key), profileSources);
    if (hasAnyAnswer(profile)) {
      // Spec: a failed profile insert is reported and never blocks the visitor.
      await areas.account.profiles.insert(profile).catch((error: unknown) => areas.telemetry.reportError(error));
    }
    areas.account.signUpCache.cacheIdentity({ userId: user.id, email: user.email ?? '' });
    // The sign-up is complete here when the link is opened before "I've confirmed" is pressed (or on
    // another device): CompleteRegistration goes from whichever page gets there first, once per
    // account (the tracking claims it on the server). Fire and forget: tracking never blocks the visitor.
    void areas.telemetry.conversions.completeRegistration({ userId: user.id, email: user.email ?? '' });
    const search = new URLSearchParams(url.search);
    for (const name of LINK_PARAMETERS) search.delete(name);
    const query = search.toString();
    return redirect(`/sign-up/preparing${query === '' ? '' : `?${query}`}`);
  };
}
