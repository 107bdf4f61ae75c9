import { expect, test } from '@playwright/test';
import { flowById } from './support/compiled-flows';
import { skipRootSpinner } from '../support/skip-root-spinner';
import { becomeVisitorOf, localStorageOf, pathOf, realisticAnswers, walk } from './support/funnel-walker';

const flow = flowById('default');

test.describe('US browser language', () => {
  test.use({ locale: 'en-US' });

  test('height in feet and inches (placeholder 5 ft 5 in), stored in cm; implausible numbers are refused with the range in ft/in and lb', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding');
    await walk(page, flow, realisticAnswers, { until: 'height' });

    const continueButton = page.getByRole('button', { name: 'Continue' });
    const feet = page.getByRole('textbox', { name: 'How tall are you? ft', exact: true });
    const inches = page.getByRole('textbox', { name: 'How tall are you? in', exact: true });
    const alert = page.getByRole('alert');
    await expect(page.getByRole('radio', { name: 'ft/in', exact: true })).toBeChecked();
    await expect(feet).toHaveAttribute('placeholder', '5');
    await expect(inches).toHaveAttribute('placeholder', '5');
    await expect(feet).toHaveAttribute('inputmode', 'numeric');
    await expect(continueButton).toBeDisabled();
    await feet.fill('   ');
    await expect(continueButton).toBeDisabled();
    // A 14-ft height is refused with the YAML's 100-250 cm said in feet and inches; nothing is stored.
    await feet.fill('14');
    await continueButton.click();
    await expect(alert).toHaveText('That doesn\'t look right. Please enter a height between 3 ft 4 in and 8 ft 2 in.');
    await expect(feet).toHaveAttribute('aria-invalid', 'true');
    expect(pathOf(page)).toBe('/onboarding/height');
    expect((await localStorageOf(page)).height).toBeUndefined();
    await feet.fill('5');
    await inches.fill('13');
    await continueButton.click();
    await expect(alert).toHaveText('Please enter feet and inches as numbers, with inches from 0 to 11.');
    await inches.fill('7');
    await expect(alert).toHaveText('');
    await continueButton.click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
    await expect(page.getByRole('radio', { name: 'lb', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '143');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const stored = await localStorageOf(page);
    // 5 ft 7 in = 67 in = 170.18 cm.
    expect(stored).toMatchObject({ height: '170.18', useMetricOrImperial: 'false', heightEntered: 'true' });
    await page.getByRole('textbox').fill('1000');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('That doesn\'t look right. Please enter a weight between 67 lb and 661 lb.');
    expect(pathOf(page)).toBe('/onboarding/weight');
  });
});

test.describe('German browser language', () => {
  test.use({ locale: 'de-DE' });

  test('height defaults to cm (placeholder 165), weight to kg (65); a decimal comma is understood; 300 cm is refused', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    // English texts (lng=en) so the test can find them by name; the units still follow the browser.
    await page.goto('/onboarding?lng=en');
    await walk(page, flow, realisticAnswers, { until: 'height' });

    await expect(page.getByRole('radio', { name: 'cm', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '165');
    // The example cannot be taken for an answer (issue 30): paler than a typed value, over a dashed line.
    const look = () =>
      page.getByRole('textbox').evaluate((input) => ({
        example: getComputedStyle(input, '::placeholder').color,
        typed: getComputedStyle(input).color,
        line: getComputedStyle(input).borderBottomStyle,
      }));
    const empty = await look();
    expect(empty.line).toBe('dashed');
    expect(empty.example).not.toBe(empty.typed);
    await page.getByRole('textbox').fill('300');
    expect((await look()).line).toBe('solid');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('That doesn\'t look right. Please enter a height between 100 cm and 250 cm.');
    await page.getByRole('textbox').fill('172,5');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
    await expect(page.getByRole('radio', { name: 'kg', exact: true })).toBeChecked();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '65');
    // Switching the toggle switches the placeholder.
    await page.getByRole('radio', { name: 'lb', exact: true }).check();
    await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '143');
    await page.getByRole('radio', { name: 'kg', exact: true }).check();
    await page.getByRole('textbox').fill('70');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect.poll(() => pathOf(page)).toBe('/onboarding/goalWeight');
    expect(await localStorageOf(page)).toMatchObject({ height: '172.5', weight: '70', useMetricOrImperial: 'true' });
  });
});

test('age takes whole numbers between 16 and 99: text and implausible ages are refused with a message', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  await walk(page, flow, realisticAnswers, { until: 'age' });
  const field = page.getByRole('textbox', { name: 'How old are you?' });
  await expect(field).toHaveAttribute('placeholder', '30');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await field.fill('thirty');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a number, like the example in the field.');
  await field.fill('12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter an age between 16 and 99.');
  expect(pathOf(page)).toBe('/onboarding/age');
  expect((await localStorageOf(page)).age).toBeUndefined();
  await field.fill('34');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/activityLevel');
  expect((await localStorageOf(page)).age).toBe('34');
});

test('the first step shows the consent sentence with the legal links; single choice works from the keyboard alone', async ({ page, context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
  await page.goto('/onboarding');
  const male = page.getByRole('button', { name: 'Male', exact: true });
  await expect(male).toBeVisible();
  await expect(page.getByText(/^By continuing, you agree to our Terms of Use and confirm that you have read our Privacy Policy\. Cookie settings$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toBeVisible();
  // The local build's configured URLs (VITE_TERMS_URL / VITE_PRIVACY_URL unset: the placeholders).
  await expect(page.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', 'https://example.com/legal/terms-of-use');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://example.com/legal/privacy-policy');
  await expect(page.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('target', '_blank');
  // Tab until the option has focus, then Enter picks it.
  for (let presses = 0; presses < 6 && !(await male.evaluate((element) => element === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(male).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  // Focus moved to the new question's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect((await localStorageOf(page)).gender).toBe('male');
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('readyToStart shows no confetti but still offers "Let\'s go" and advances by itself', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    // The page's clock moves the 3 s celebration and the 3 s auto-advance, so no real wait is needed.
    await page.clock.install();
    await page.goto('/onboarding');
    await walk(page, flow, realisticAnswers, { until: 'readyToStart' });
    // Every element added to the page from the tap on is recorded: no canvas may appear at any moment,
    // not only at the moment a check happens to look.
    await page.evaluate(() => {
      const added: string[] = [];
      Reflect.set(window, '__addedElements', added);
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) added.push(node.tagName, ...[...node.querySelectorAll('*')].map((child) => child.tagName));
      }).observe(document.documentElement, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Tap the circle' }).click();
    await page.clock.fastForward(3_000);
    await expect(page.getByRole('link', { name: "Let's go" })).toBeVisible();
    await page.clock.fastForward(3_000);
    await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
    const added = await page.evaluate((): unknown => Reflect.get(window, '__addedElements'));
    expect(Array.isArray(added) && added.length > 0, 'the observer saw the step change').toBe(true);
    expect(added).not.toContain('CANVAS');
  });
});

test.describe('motion allowed', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('readyToStart fires the confetti on a canvas', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    await page.goto('/onboarding');
    await walk(page, flow, realisticAnswers, { until: 'readyToStart' });
    await page.getByRole('button', { name: 'Tap the circle' }).click();
    await expect(page.locator('canvas')).toHaveCount(1);
    // Gone once the 3 s are over.
    await expect(page.getByRole('link', { name: "Let's go" })).toBeVisible({ timeout: 6_000 });
    await expect(page.locator('canvas')).toHaveCount(0);
  });
});

test('options animate only their press on a touch screen and never look hovered there; the colour fades and hover are for a real pointer', async ({ browser, baseURL }) => {
  // Colour transitions run on the main thread while a tap renders the next step; a transform is composited.
  // The pointer resting on an option (where a finger lifted, on a phone) changes its look only with a real pointer.
  const firstOption = async (device: { hasTouch: boolean; isMobile: boolean }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'no-preference', ...device });
    try {
      await becomeVisitorOf(context, baseURL ?? '', 'default');
      const page = await context.newPage();
      await page.goto('/onboarding/gender');
      const option = page.getByRole('button', { name: 'Female', exact: true });
      await expect(option).toBeVisible();
      const look = () => option.evaluate((element) => `${getComputedStyle(element).borderColor} ${getComputedStyle(element).boxShadow}`);
      const transition = await option.evaluate((element) => getComputedStyle(element).transitionProperty);
      const resting = await look();
      await option.hover();
      // Without a colour transition (touch) a hover look would show at once; with one, it fades in.
      if (!device.hasTouch) await expect.poll(look).not.toBe(resting);
      return { transition, hoverChangesLook: (await look()) !== resting };
    } finally {
      await context.close();
    }
  };
  expect(await firstOption({ hasTouch: true, isMobile: true })).toEqual({ transition: 'transform', hoverChangesLook: false });
  const desktop = await firstOption({ hasTouch: false, isMobile: false });
  expect(desktop.transition.split(', ')).toEqual(['transform', 'border-color', 'background-color', 'box-shadow']);
  expect(desktop.hoverChangesLook).toBe(true);
});

test('option icons are PNGs at the width the screen needs, and the next step\'s come from the prefetch', async ({ browser, baseURL }) => {
  // A 3x phone: the 72 px gender tiles need the 216 px file, the 28 px list icons the 84 px one.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    const page = await context.newPage();
    await skipRootSpinner(page);
    const iconRequests: { path: string; step: string }[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/icons/')) iconRequests.push({ path, step: pathOf(page) });
    });
    const shownIcons = async () =>
      // currentSrc stays empty until the browser has picked a file from the srcset (just after the step renders).
      page.locator('.choice img').evaluateAll((images) => images.map((image) => (image instanceof HTMLImageElement && image.currentSrc !== '' ? new URL(image.currentSrc).pathname : '')));

    await page.goto('/onboarding/gender');
    await expect.poll(shownIcons).toEqual(['/icons/woman-216.png', '/icons/man-216.png']);
    await page.getByRole('button', { name: 'Female', exact: true }).tap();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
    const nextIcons = (flow.steps.find((step) => step.id === 'chooseGoal')?.options ?? []).map((option) => `/icons/${typeof option.icon === 'string' ? option.icon : ''}-84.png`);
    expect(nextIcons.length).toBeGreaterThan(0);
    // Prefetched while the company screen shows, before the visitor taps on.
    await expect.poll(() => iconRequests.filter((request) => request.step === '/onboarding/company').map((request) => request.path)).toEqual(nextIcons);
    await page.getByRole('button', { name: 'Continue', exact: true }).tap();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
    await expect.poll(shownIcons).toEqual(nextIcons);
    // The step shows exactly the prefetched files: none fetched again (it prefetches the next step's in turn).
    expect(iconRequests.filter((request) => request.step === '/onboarding/chooseGoal' && nextIcons.includes(request.path))).toEqual([]);
  } finally {
    await context.close();
  }
});
