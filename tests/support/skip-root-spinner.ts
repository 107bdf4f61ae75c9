import type { Page } from '@playwright/test';

/**
 * Sets the spec's root spinner to 0 ms on every document the page loads. The spinner is CSS in the
 * HTML (`--root-spinner-ms`, app.css), which the page's clock cannot move: a test that opens hundreds
 * of step URLs would otherwise wait a real second on each. The spinner rule itself is proven on a
 * fresh page in tests/e2e/funnel-navigation.spec.ts.
 */
export async function skipRootSpinner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Init scripts run before the parser made <html>: set the variable as soon as it exists, before the
    // first frame (a mutation observer's callback runs before rendering). Through the CSSOM, which the
    // app's Content-Security-Policy allows, unlike an injected <style>.
    new MutationObserver((_, observer) => {
      // Not `document.documentElement`: typed as always there, which it is not yet.
      const html = document.querySelector('html');
      if (!html) return;
      html.style.setProperty('--root-spinner-ms', '0ms', 'important');
      observer.disconnect();
    }).observe(document, { childList: true });
  });
}
