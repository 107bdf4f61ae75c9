import type { Consent } from './consent';

/**
 * Runs `granted` when consent is granted (now, or whenever the visitor accepts) and `denied` whenever
 * it is refused: the cookie settings can change the answer at any time, both ways. `undecided` and
 * `ask` run neither (nothing that needs consent changes until the visitor answers).
 */
export function followConsent(consent: Pick<Consent, 'state' | 'subscribe'>, granted: () => void, denied: () => void): void {
  const apply = (): void => {
    const state = consent.state();
    if (state === 'granted') granted();
    else if (state === 'denied') denied();
  };
  apply();
  consent.subscribe(apply);
}
