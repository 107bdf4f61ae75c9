import { guardStorage } from '../storage/guard-storage';
import type { KeyValueStorage } from '../storage/key-value-storage';

/** What the plans page remembers for the browser session (tab): the countdown's start and the offer dialog. */
export interface CheckoutSession {
  /** When this session first showed the plans; stored on the first call, so a reload keeps counting down. */
  countdownStartedAt(now: number): number;
  /** The limited-time-offer dialog has been shown in this session. */
  offerShown(): boolean;
  rememberOfferShown(): void;
}

const COUNTDOWN_KEY = 'checkoutCountdownStartedAt';
const OFFER_KEY = 'checkoutOfferShown';

/**
 * The checkout session over sessionStorage. Storage that refuses (private mode in some webviews) is
 * logged and the page still works: the countdown then restarts on a reload, which is the most it can do.
 */
export function sessionCheckoutSession(session: KeyValueStorage, log: (message: string, error: unknown) => void): CheckoutSession {
  const safely = guardStorage('Session storage unavailable', log);
  return {
    countdownStartedAt: (now) =>
      safely(now, () => {
        const stored = Number(session.getItem(COUNTDOWN_KEY) ?? Number.NaN);
        // A start in the future (the clock was set back) would show more than 9 minutes: start again.
        if (Number.isFinite(stored) && stored > 0 && stored <= now) return stored;
        session.setItem(COUNTDOWN_KEY, String(now));
        return now;
      }),
    offerShown: () => safely(false, () => session.getItem(OFFER_KEY) === 'true'),
    rememberOfferShown: () => safely(undefined, () => session.setItem(OFFER_KEY, 'true')),
  };
}
