import type { Page } from '@playwright/test';
import type { ConsentChoice } from '../../../services/consent/consent';
import { CONSENT_STORAGE_KEY } from '../../../services/consent/stored-consent';

/**
 * Stores the visitor's consent answer before the app's scripts run, as a returning visitor has it:
 * the notice does not show, and the pixel loads (accepted) or does not (rejected) without a tap.
 */
export async function answerConsentAhead(page: Page, choice: ConsentChoice): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [CONSENT_STORAGE_KEY, choice] as const);
}
