import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/account-stack';
import { flowById } from './support/compiled-flows';
import { becomeVisitorOf, localStorageOf, pathOf, realisticAnswers, stepHeading, walk } from './support/funnel-walker';

test.beforeEach(async ({ context, baseURL }) => {
  await becomeVisitorOf(context, baseURL ?? '', 'default');
});

test('the root and the funnel index redirect to the first step and keep the query string', async ({ page, baseURL }) => {
  await page.goto('/?lng=en&utm_campaign=spring');
  await expect.poll(() => page.url()).toBe(`${baseURL}/onboarding/gender?lng=en&utm_campaign=spring`);
  await expect(page.getByRole('heading', { name: "What's your gender?" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/account/sign-in');
  await page.goto('/onboarding?utm_campaign=spring');
  await expect.poll(() => page.url()).toBe(`${baseURL}/onboarding/gender?utm_campaign=spring`);
});

test('a deep link past unanswered steps lands on the first unanswered step', async ({ page, baseURL }) => {
  await page.goto('/onboarding/height?utm_source=ad');
  await expect.poll(() => page.url()).toBe(`${baseURL}/onboarding/gender?utm_source=ad`);

  await page.getByRole('button', { name: 'Male', exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');

  await page.goto('/onboarding/age');
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  // Answered steps stay reachable by URL.
  await page.goto('/onboarding/company');
  await expect(page.getByRole('heading', { name: 'Join the people reaching their goals with us' })).toBeVisible();
});

test('browser back and forward, and the in-app back button, move between steps', async ({ page }) => {
  const flow = flowById('default');
  await page.goto('/onboarding');
  await walk(page, flow, realisticAnswers, { until: 'bodyShape' });

  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await expect(stepHeading(page)).toHaveText("What's your goal?");
  // The earlier pick is shown as chosen.
  await expect(page.getByRole('button', { name: 'Lose 1-10 kg' })).toHaveAttribute('aria-pressed', 'true');

  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
  await page.goForward();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  await page.goForward();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/bodyShape');
  await expect(page.getByText('Step 4 of 23', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Back' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/chooseGoal');
  // Changing an answer on the way back moves forward again with the new answer stored.
  await page.getByRole('button', { name: 'Gain muscle' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/bodyShape');
  expect((await localStorageOf(page))["What's your goal?"]).toBe('Gain muscle');
});

test('a tap does only what the next question needs: the step left is not rendered again, the visitor cookie not rewritten', async ({ page }) => {
  // Issue 14 (tap to next question): both were main-thread work between the tap and the next step.
  await page.addInitScript(() => {
    const pressed: string[] = [];
    const visitorCookie = { writes: 0 };
    Reflect.set(window, '__pressedOnTheWayOut', pressed);
    Reflect.set(window, '__visitorCookie', visitorCookie);
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document): unknown {
        return cookie?.get?.call(this);
      },
      set(this: Document, value: string) {
        if (value.startsWith('cnfdVisitorId=')) visitorCookie.writes += 1;
        cookie?.set?.call(this, value);
      },
    });
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof HTMLElement && record.target.getAttribute('aria-pressed') === 'true') pressed.push(record.target.textContent);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
  });
  const cookieWrites = () => page.evaluate(() => Number(Reflect.get(Object(Reflect.get(window, '__visitorCookie')), 'writes')));
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect(stepHeading(page)).toHaveText('Join the people reaching their goals with us');
  const writesOnArrival = await cookieWrites();
  expect(writesOnArrival).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page)).toHaveText("What's your goal?");
  await page.getByRole('button', { name: 'Lose 1-10 kg' }).click();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/bodyShape');

  // The picked option was not marked pressed on a step being left (a render nobody sees).
  expect(await page.evaluate(() => JSON.stringify(Reflect.get(window, '__pressedOnTheWayOut')))).toBe('[]');
  // The cookie is read and its lifetime refreshed once per page, not on every step.
  expect(await cookieWrites()).toBe(writesOnArrival);
});

test('the next step is rendered ahead: a tap shows a page made before it, focused, with nothing hidden left in the page', async ({ page }) => {
  // Decision 0259: once a step has painted, the likely next step's page is made off the page.
  await recordMainsMade(page);
  /** Whether the <main> on screen was made before the last click, and how many <main> the document holds. */
  const shown = () =>
    page.evaluate(() => {
      const made: unknown = Reflect.get(window, '__mains');
      const clickAt: unknown = Reflect.get(window, '__clickAt');
      const main = document.querySelector('main');
      const entry = Array.isArray(made) ? made.find((candidate: unknown) => Reflect.get(Object(candidate), 'element') === main) : undefined;
      const at: unknown = Reflect.get(Object(entry), 'at');
      return { madeBeforeTap: typeof at === 'number' && typeof clickAt === 'number' && at < clickAt, mains: document.querySelectorAll('main').length };
    });
  /** Whether a page was made ahead (a <main> outside the document, made since the last click). */
  const madeAhead = () =>
    page.evaluate(() => {
      const made: unknown = Reflect.get(window, '__mains');
      const clickAt: unknown = Reflect.get(window, '__clickAt');
      const since = typeof clickAt === 'number' ? clickAt : 0;
      return Array.isArray(made) && made.some((entry: unknown) => Reflect.get(Object(Reflect.get(Object(entry), 'element')), 'isConnected') === false && Number(Reflect.get(Object(entry), 'at')) > since);
    });
  await page.goto('/onboarding');
  await expect(stepHeading(page)).toHaveText("What's your gender?");
  // The page ahead is made once the step has painted, while the visitor reads.
  await expect.poll(madeAhead).toBe(true);
  await page.getByRole('button', { name: 'Female', exact: true }).click();
  await expect(stepHeading(page)).toHaveText('Join the people reaching their goals with us');
  expect(await shown()).toEqual({ madeBeforeTap: true, mains: 1 });
  await expect(stepHeading(page)).toBeFocused();

  await expect.poll(madeAhead).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page)).toHaveText("What's your goal?");
  expect(await shown()).toEqual({ madeBeforeTap: true, mains: 1 });
  await expect(stepHeading(page)).toBeFocused();

  // Back: the step before is made anew, showing the answer given (a page made ahead never is).
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page)).toHaveText('Join the people reaching their goals with us');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page)).toHaveText("What's your gender?");
  await expect(page.getByRole('button', { name: 'Female', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect((await shown()).mains).toBe(1);
});

test('no page is made ahead for the sign-up steps: they take the e-mail stored when they open', async ({ page, context, baseURL }) => {
  // The password step's sign-up reads the stored e-mail when it mounts; made ahead on the e-mail step,
  // it would miss the address typed there and send the visitor back to /sign-up/email.
  test.setTimeout(90_000);
  await becomeVisitorOf(context, baseURL ?? '', 'v1');
  await recordMainsMade(page);
  const mainsMade = () => page.evaluate(() => {
    const made: unknown = Reflect.get(window, '__mains');
    return Array.isArray(made) ? made.length : 0;
  });
  const flow = flowById('v1');
  const email = flow.steps.find((step) => step.screen === 'signUpEmail');
  if (email === undefined) throw new Error('v1 has no e-mail step');
  const answers = { ...realisticAnswers, email: uniqueEmail('ahead') };
  await page.goto('/onboarding/v1');
  await walk(page, flow, answers, { until: email.id });
  // The URL changes before the step is committed: count once the e-mail step itself shows.
  await expect(page.locator(`#step-heading-${email.id}`)).toBeVisible();
  const onArrival = await mainsMade();
  // Long enough for a page ahead (made when idle, at most 300 ms after the step painted).
  await page.waitForTimeout(1000);
  expect(await mainsMade()).toBe(onArrival);
  await walk(page, flow, answers, { from: flow.steps.indexOf(email) });
  await expect.poll(() => pathOf(page)).toBe('/sign-up/preparing');
});

test('a reload mid-funnel resumes on the same step with the answers kept', async ({ page }) => {
  const flow = flowById('default');
  await page.goto('/onboarding');
  await walk(page, flow, realisticAnswers, { until: 'weight' });
  // The URL changes when the router commits; the height step's two fields may still be on screen.
  await expect(stepHeading(page)).toHaveText("What's your current weight?");
  await page.getByRole('textbox').fill('150');

  await page.reload();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/weight');
  await expect(stepHeading(page)).toHaveText("What's your current weight?");
  // The unit chosen on the height step carries over: lb.
  await expect(page.getByRole('radio', { name: 'lb', exact: true })).toBeChecked();

  await page.goBack();
  await expect.poll(() => pathOf(page)).toBe('/onboarding/height');
  await expect(page.getByRole('textbox', { name: 'How tall are you? ft' })).toHaveValue('5');
  await expect(page.getByRole('textbox', { name: 'How tall are you? in' })).toHaveValue('7');
  await expect(page.getByRole('radio', { name: 'ft/in', exact: true })).toBeChecked();
  const stored = await localStorageOf(page);
  expect(stored.height).toBe('170.18');
  expect(stored.gender).toBe('female');
});

test('an unknown page shows the error screen with the translated status text in italics', async ({ page }) => {
  await page.goto('/onboarding/not-a-step');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Sorry, an error occurred.')).toBeVisible();
  await expect(page.locator('i')).toHaveText('Page not found');
});

test('a route that fails to load shows the error screen with the error message in italics', async ({ page }) => {
  // The default flow's chunk cannot be fetched: the step loader fails.
  await page.route(/\/assets\/default-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/onboarding/gender');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.locator('i')).toContainText(/import|fetch|module/i);
});

test.describe('root spinner', () => {
  // With motion allowed: under reduced motion the splash's ring does not spin at all.
  test.use({ reducedMotion: 'no-preference' });

  test('the root spinner shows until 1 s after the page started, then the step (CSS in the HTML, no timer)', async ({ page }) => {
    // The spinner is a CSS animation of the HTML (rootSpinnerMs of the flow): the page clock cannot hold
    // it, the document timeline can. Frozen from the first frame, then set to 1 ms either side of 1 s.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await page.goto('/onboarding/gender');
    // Chunks, translations and the flag need no timer: let all of them arrive while the animations stand still.
    await page.waitForLoadState('networkidle');
    const spinner = page.getByRole('status').filter({ hasText: 'Loading…' });
    const seek = (ms: number): Promise<void> =>
      page.evaluate((time) => {
        for (const animation of document.getAnimations()) animation.currentTime = time;
      }, ms);
    await seek(999);
    await expect(spinner).toBeVisible();
    await expect(stepHeading(page)).toBeHidden();
    await seek(1000);
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    await expect(spinner).toHaveCount(0);
    // The splash leaves rendering, not merely sight: its ring's endless spin stops with it (hidden, it kept
    // the main thread animating every frame for the rest of the visit).
    expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSAnimation && animation.animationName === 'spin').length)).toBe(0);
  });
});

/** The animations running on the step's content (the slide-in of app.css) and the direction it came from. */
async function stepTransition(page: Page): Promise<{ direction: string | null; animations: string[] }> {
  return page.locator('main.step__main').evaluate((main) => ({
    direction: main.getAttribute('data-direction'),
    animations: main.getAnimations().map((animation) => (animation instanceof CSSAnimation ? animation.animationName : 'other')),
  }));
}

test.describe('step transitions', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('the next step slides in forward, the previous one back; the first step shown does not move', async ({ page }) => {
    // Frozen animations: what runs can be read before it ends (the clock of the animations, not the page's).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await page.goto('/onboarding/gender');
    await expect(stepHeading(page)).toHaveText("What's your gender?");
    expect(await stepTransition(page)).toEqual({ direction: 'none', animations: [] });
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await page.getByRole('button', { name: 'Female', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
    // The URL changes when the router starts the move; the gender step stays on screen until the company
    // step's chunk has arrived and React commits it (about 100 ms later under load): read the new step.
    await expect(page.locator('#step-heading-company')).toBeVisible();
    expect(await stepTransition(page)).toEqual({ direction: 'forward', animations: ['step-enter'] });
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/gender');
    await expect.poll(async () => (await stepTransition(page)).direction).toBe('back');
  });
});

test.describe('step transitions with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('steps change without any animation', async ({ page }) => {
    await page.goto('/onboarding/gender');
    await page.getByRole('button', { name: 'Female', exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/company');
    await expect(page.locator('#step-heading-company')).toBeVisible();
    expect(await stepTransition(page)).toEqual({ direction: 'forward', animations: [] });
  });
});

/**
 * Records, in the page, each <main> made and when (`window.__mains`: { element, at }), and the last
 * click's time (`window.__clickAt`): a step's page made ahead has its <main> before the tap.
 */
async function recordMainsMade(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: { element: Element; at: number }[] = [];
    Reflect.set(window, '__mains', made);
    addEventListener('click', (event) => Reflect.set(window, '__clickAt', event.timeStamp), true);
    const createElement: unknown = Reflect.get(Document.prototype, 'createElement');
    if (typeof createElement !== 'function') return;
    Reflect.set(Document.prototype, 'createElement', function (this: Document, ...args: unknown[]): unknown {
      const element: unknown = Reflect.apply(createElement, this, args);
      if (element instanceof Element && element.localName === 'main') made.push({ element, at: performance.now() });
      return element;
    });
  });
}
