import type { Page } from '@playwright/test';

const ENTRY_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/**
 * The app's entry script waits until `release` is called: the page is what the HTML (and its boot
 * script) alone makes of it, as on a phone where the app's code arrives late.
 */
export async function holdEntryScript(page: Page): Promise<{ release: () => void }> {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ENTRY_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release() };
}
