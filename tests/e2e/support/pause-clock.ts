import type { Page } from '@playwright/test';

/**
 * Stops the page clock where it is: from here only runFor moves it (page loads need it running).
 * pauseAt needs a time still ahead of the running clock; on a loaded machine more than the margin can
 * pass between reading the page's time and pausing, so a time already past is read again and retried.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}
