import type { Page } from '@playwright/test';

/**
 * Sets the spec's root spinner to 0 ms on every document the page loads. The spinner is CSS in the
 * HTML (`--root-spinner-ms`, app.css), which the page's clock cannot move: a test that opens hundreds
 * of step URLs would otherwise wait a real second on each. The spinner rule itself is proven on a
 * fresh page in tests/e2e/funnel-navigation.spec.ts.
 */
export async function skipRootSpinner(page: Page): Promise<void> {
  await setRootSpinnerLength(page, '0ms');
}

/** A spinner that outlasts any test: what shows under the spinner can be checked at leisure. */
export async function holdRootSpinner(page: Page): Promise<void> {
  await setRootSpinnerLength(page, '600000ms');
}

async function setRootSpinnerLength(page: Page, length: string): Promise<void> {
  await page.addInitScript((value) => {
    // Init scripts run before the parser made <html>: set the variable as soon as it exists, before the
    // first frame (a mutation observer's callback runs before rendering). Through the CSSOM, which the
    // app's Content-Security-Policy allows, unlike an injected <style>.
    new MutationObserver((_, observer) => {
      // Not `document.documentElement`: typed as always there, which it is not yet.
      const html = document.querySelector('html');
      if (!html) return;
      html.style.setProperty('--root-spinner-ms', value, 'important');
      observer.disconnect();
    }).observe(document, { childList: true });
  }, length);
}
