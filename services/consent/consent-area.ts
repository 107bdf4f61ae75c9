import type { LegalLinks } from '../legal/legal-links';
import type { Consent } from './consent';

/** The consent notice and the legal links beside it (the root layout's notice, the sign-up's terms line). */
export interface ConsentArea {
  /**
   * Consent for the ad pixel and analytics cookies (issue 12 section 5): the root layout shows the
   * notice while it says `ask`. Until `granted` the pixel does not load, no ad-platform event is sent,
   * and analytics tracks without cookies.
   */
  readonly consent: Consent;
  /** Terms of Use and Privacy Policy URLs (VITE_TERMS_URL, VITE_PRIVACY_URL). */
  readonly legalLinks: LegalLinks;
}
