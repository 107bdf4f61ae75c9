/** The visitor's answer in the consent notice. */
export type ConsentChoice = 'accepted' | 'rejected';

/**
 * - `undecided`: no stored choice and the country is not known yet (before telemetry starts, or while
 *   the location is looked up): nothing that needs consent runs yet.
 * - `ask`: the visitor's country asks for consent and no choice is stored: the notice shows.
 * - `granted`: accepted, or a country that does not ask: the pixel loads, analytics keeps its cookies.
 * - `denied`: rejected: no pixel, no ad-platform events, analytics without cookies or stored ids.
 */
export type ConsentState = 'undecided' | 'ask' | 'granted' | 'denied';

/** Consent for the advertising pixel and analytics cookies (issue 12 section 5). */
export interface Consent {
  /** The current state (a `useSyncExternalStore` snapshot). */
  readonly state: () => ConsentState;
  /** Calls back on every change of `state()`; answers the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
  /**
   * Decides once, when telemetry starts (after the first step painted, so the location lookup is not in
   * its critical path): the stored choice, else the visitor's country.
   */
  readonly start: () => void;
  /** The visitor's answer: remembered (local storage) and applied at once. */
  readonly choose: (choice: ConsentChoice) => void;
  /**
   * The visitor opened the cookie settings to change their answer: the notice shows again (`ask`);
   * until they answer, nothing new that needs consent is sent.
   */
  readonly reopen: () => void;
}
