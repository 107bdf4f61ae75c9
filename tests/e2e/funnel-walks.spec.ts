import { isTelemetryRequest } from '../support/is-telemetry-request';
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/account-stack';
import { expectWalkCollected } from './support/collector';
import { flowById, stepOf } from './support/compiled-flows';
import {
  becomeVisitorOf,
  expectedStorage,
  localStorageOf,
  pathOf,
  realisticAnswers,
  sessionStorageOf,
  walk,
} from './support/funnel-walker';

test.describe('walking each variant to the end', () => {
  test('default: every step in order, spec storage values, readyToStart advances by itself; the collector saw each step and answer', async ({ page, context, baseURL, request }) => {
    const flow = flowById('default');
    await becomeVisitorOf(context, baseURL ?? '', 'default');
    // The mark finds this walk's events at the collector (the funnel keeps the query on every step).
    const mark = `walk-default-${Date.now()}`;
    await page.goto(`/?utm_campaign=${mark}`);
    await expect.poll(() => pathOf(page)).toBe('/onboarding/gender');
    await expect(page.getByText('Step 1 of 23', { exact: true })).toBeVisible();

    // Budget: between question steps nothing but chunks, images and option icons may be fetched (and telemetry, which
    // nothing waits for).
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const visited = await walk(page, flow, realisticAnswers, { waitForAutoAdvance: true });
    const unexpected = requests.filter((path) => !isTelemetryRequest(path) && !path.startsWith('/assets/') && !path.startsWith('/images/') && !path.startsWith('/icons/') && path !== '/sign-up/password' && path !== '/locales/en/signup.json');
    expect(unexpected).toEqual([]);
    // Telemetry's start-up happens once per page load, not per step.
    for (const once of ['/api/v1/geolocation', '/meta/fbevents.js']) expect(requests.filter((path) => path === once).length, once).toBeLessThanOrEqual(1);
    expect(visited).toHaveLength(23);
    expect(visited).toEqual(flow.steps.map((step) => step.id));
    await expect.poll(() => pathOf(page)).toBe('/sign-up/password');
    await expect(page.getByRole('heading', { name: 'Please choose a password' })).toBeVisible();

    const stored = await localStorageOf(page);
    expect(stored).toMatchObject(expectedStorage(flow, realisticAnswers));
    // The spec's numbers, spelled out: 5 ft 7 in typed as 67 in, and 150 lb.
    expect(stored.height).toBe('170.18');
    expect(stored.weight).toBe('68.0388');
    expect(stored["What's your goal?"]).toBe('Lose 1-10 kg');
    expect(stored['How long ago were you in the best shape of your life?']).toBe('1 to 2 years ago');
    await expectWalkCollected(request, flow, visited, mark, realisticAnswers.email);
  });

  test('v1 (chosen by the flag): query kept through the redirect, two extra info steps, the two feedback steps, e-mail and password; the collector saw each step and answer', async ({ page, context, baseURL, request }) => {
    const flow = flowById('v1');
    await becomeVisitorOf(context, baseURL ?? '', 'v1');
    const mark = `walk-v1-${Date.now()}`;
    await page.goto(`/?utm_source=e2e&utm_campaign=${mark}`);
    await expect.poll(() => page.url()).toBe(`${baseURL}/onboarding/v1/gender?utm_source=e2e&utm_campaign=${mark}`);

    // The walk signs up for real (the password step creates the account): a fresh address each run.
    const answers = { ...realisticAnswers, email: uniqueEmail('v1-walk') };
    const visited = await walk(page, flow, answers, {
      onStep: async (step) => {
        // The query string stays on every step.
        expect(new URL(page.url()).searchParams.get('utm_source')).toBe('e2e');
        if (step.id === 'email') await expect(page.getByText(/^Step \d+ of \d+$/)).toHaveCount(0);
      },
    });
    expect(visited).toEqual(flow.steps.map((step) => step.id));
    expect(visited.filter((id) => id === 'sustainabilityIntro' || id === 'caloricDensityIntro')).toHaveLength(2);
    expect(visited.filter((id) => id === 'yourBmi' || id === 'yourGoalDate')).toHaveLength(2);
    expect(pathOf(page)).toBe('/sign-up/preparing');

    const stored = await localStorageOf(page);
    expect(stored).toMatchObject(expectedStorage(flow, realisticAnswers));
    // The password never reaches localStorage, and leaves session storage once the account exists.
    expect(JSON.stringify(stored)).not.toContain(realisticAnswers.password);
    const session = await sessionStorageOf(page);
    expect(session).toMatchObject({ email: answers.email });
    expect(session.password).toBeUndefined();
    await expectWalkCollected(request, flow, visited, mark, answers.email);
  });

  test('v2: backgrounds follow the stored gender (male), the others are shared; ends after the password; the collector saw each step and answer', async ({ page, context, baseURL, request }) => {
    const flow = flowById('v2');
    await becomeVisitorOf(context, baseURL ?? '', 'v2');
    const mark = `walk-v2-${Date.now()}`;
    await page.goto(`/onboarding?utm_campaign=${mark}`);
    await expect.poll(() => pathOf(page)).toBe('/onboarding/v2/gender');

    const answers = { ...realisticAnswers, email: uniqueEmail('v2-walk'), choices: { ...realisticAnswers.choices, gender: 'male' } };
    const backgrounds: Record<string, string | null> = {};
    const visited = await walk(page, flow, answers, {
      onStep: async (step) => {
        backgrounds[step.id] = await page.locator('.step__background img').getAttribute('src');
      },
    });
    expect(pathOf(page)).toBe('/sign-up/preparing');
    expect(backgrounds.gender).toBe('/images/v2/gender.svg');
    for (const id of ['chooseGoal', 'bodyShape', 'bodyGoal', 'bestShape', 'cookingPreference', 'walkingFrequency', 'workSchedule', 'workoutFrequency', 'height', 'weight']) {
      const step = stepOf(flow, id);
      expect(step.background && 'male' in step.background ? step.background.male : undefined).toMatch(/-male\.svg$/);
      expect(backgrounds[id]).toMatch(/-male\.svg$/);
    }
    expect(backgrounds.age).toBe('/images/v2/age.svg');
    expect((await localStorageOf(page)).gender).toBe('male');
    await expectWalkCollected(request, flow, visited, mark, answers.email);
  });

  test('v2: a female visitor gets the female images', async ({ page, context, baseURL }) => {
    await becomeVisitorOf(context, baseURL ?? '', 'v2');
    await page.goto('/onboarding/v2');
    await page.getByRole('button', { name: 'Female', exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pathOf(page)).toBe('/onboarding/v2/chooseGoal');
    await expect(page.getByRole('heading', { name: "What's your main goal?" })).toBeVisible();
    await expect(page.locator('.step__background img')).toHaveAttribute('src', '/images/v2/choose-goal-female.svg');
    // Desktops get the landscape crop of the same image.
    await expect(page.locator('.step__background source')).toHaveAttribute('srcset', '/images/v2/choose-goal-female-wide.svg');
  });
});
