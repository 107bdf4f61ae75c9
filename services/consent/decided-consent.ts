import type { Consent, ConsentState } from './consent';

/**
 * How long analytics waits for the consent state before starting without cookies anyway (its events
 * are queued meanwhile, none is lost): the country lookup that decides it is one small request.
 */
export const CONSENT_DECISION_WAIT_MS = 2000;

/**
 * The consent state once decided (starting the decision if nothing has yet: a conversion on a page
 * that has not painted a step), or whatever it is after `ms` (`undecided` or `ask`: the caller treats
 * both as not consented).
 */
export function decidedConsent(consent: Pick<Consent, 'state' | 'subscribe' | 'start'>, ms: number): Promise<ConsentState> {
  consent.start();
  if (consent.state() !== 'undecided') return Promise.resolve(consent.state());
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(consent.state());
    }, ms);
    const unsubscribe = consent.subscribe(() => {
      clearTimeout(timer);
      unsubscribe();
      resolve(consent.state());
    });
  });
}
