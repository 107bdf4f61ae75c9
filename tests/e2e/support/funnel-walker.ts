import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEFAULT_CONFETTI, type CompiledFlow, type CompiledStep } from '../../../engine/compiled-flow';
import { rememberedVariantKey } from '../../../services/flags/resolve-funnel-flow';
import { compiledFlows, visitorIdFor } from './compiled-flows';

/** What the visitor answers on each step of a walk (option values; typed text for numbers). */
export interface WalkAnswers {
  readonly choices: Readonly<Record<string, string>>;
  /** Typed text and the unit toggle's label; height in ft/in is typed as `feet` and `inches`. */
  readonly measurements: Readonly<Record<string, { readonly text: string; readonly unit: string } | { readonly feet: string; readonly inches: string; readonly unit: 'ft/in' }>>;
  readonly age: string;
  readonly email: string;
  readonly password: string;
}

export const realisticAnswers: WalkAnswers = {
  choices: {
    gender: 'female',
    chooseGoal: 'lose-1-10',
    bodyShape: 'medium',
    bodyGoal: 'athletic',
    bestShape: '1-2-years',
    foodPreferences: 'vegetarian',
    cookingPreference: 'home',
    waterIntake: '2-to-6',
    walkingFrequency: '3-4-week',
    workSchedule: 'flexible',
    workoutFrequency: 'several-week',
    sleepHours: '7-8',
    activityLevel: 'lightly_active',
    speedGoal: 'moderate',
    nutritionGoal: 'balanced',
  },
  // 5 ft 7 in (67 in = 170.18 cm); weights in lb.
  measurements: {
    height: { feet: '5', inches: '7', unit: 'ft/in' },
    weight: { text: '150', unit: 'lb' },
    goalWeight: { text: '140', unit: 'lb' },
  },
  age: '34',
  email: 'ada.lovelace@example.com',
  password: 'analytical-engine',
};

/**
 * Gives the browser context a visitor cookie the flag assigns to `flowId`, with that variant already
 * remembered, as on any visit after a visitor's first: the walks test the funnel, not the lookup (the
 * flag's own tests in visitor-identity-and-language.spec.ts do), and a resolver slowed past the 1000 ms
 * timeout by a busy machine must not move a walk to baseline. A flow no variant names needs nothing.
 */
export async function becomeVisitorOf(context: BrowserContext, baseURL: string, flowId: string): Promise<void> {
  const { variants } = compiledFlows();
  const variant = Object.entries(variants.variants).find(([, flow]) => flow === flowId)?.[0];
  // A flow no variant names (an example, a funnel reached by its URL) needs no flag: its URL serves it.
  if (variant === undefined) return;
  const visitorId = visitorIdFor(flowId);
  await context.addCookies([{ name: 'cnfdVisitorId', value: visitorId, url: baseURL }]);
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      } catch {
        // A page without storage (about:blank, a test that blocks it) looks the flag up instead.
      }
    },
    // As the resolver remembers a variant it assigned (the visitor id is one the flag assigns this flow).
    [rememberedVariantKey(variants.flag), JSON.stringify({ visitorId, variant, assigned: true })] as const,
  );
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Heading of the current step (the step layout's h1). */
export function stepHeading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Answers the step the page shows, through the UI as a visitor would. */
export async function answerStep(page: Page, step: CompiledStep, answers: WalkAnswers, options: Pick<WalkOptions, 'pageClock'> = {}): Promise<void> {
  switch (step.screen) {
    case 'singleChoice': {
      const value = answers.choices[step.id];
      const option = step.options?.find((candidate) => candidate.value === value);
      if (!option) throw new Error(`no answer planned for ${step.id}`);
      await page.getByRole('button', { name: option.englishLabel, exact: true }).click();
      return;
    }
    case 'company':
    case 'info':
      await page.getByRole('button', { name: 'Continue' }).click();
      return;
    case 'number': {
      const planned = answers.measurements[step.id];
      if (step.number?.imperial === undefined) {
        // One unit, no toggle: the age.
        await page.getByRole('textbox').fill(answers.age);
        await page.getByRole('button', { name: 'Continue' }).click();
        return;
      }
      if (!planned) throw new Error(`no measurement planned for ${step.id}`);
      await page.getByRole('radio', { name: planned.unit, exact: true }).check();
      if ('feet' in planned) {
        await page.getByRole('textbox', { name: / ft$/ }).fill(planned.feet);
        await page.getByRole('textbox', { name: / in$/ }).fill(planned.inches);
      } else {
        await page.getByRole('textbox').fill(planned.text);
      }
      await page.getByRole('button', { name: 'Continue' }).click();
      return;
    }
    case 'readyToStart': {
      const circle = page.getByRole('button', { name: 'Tap the circle' });
      await circle.click();
      if (options.pageClock) {
        // Once the tap is taken (the circle is gone), the clock skips the celebration before the link.
        await expect(circle).toHaveCount(0);
        await page.clock.fastForward(step.confetti?.durationMs ?? DEFAULT_CONFETTI.durationMs);
      }
      await page.getByRole('link', { name: "Let's go" }).click({ timeout: 6_000 });
      return;
    }
    case 'signUpEmail':
      await page.getByRole('textbox', { name: 'What is your email address?' }).fill(answers.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      return;
    case 'signUpPassword':
      await page.getByLabel('Please choose a password').fill(answers.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      return;
  }
}

export interface WalkOptions {
  /** Index of the first step to answer (the page must show it). */
  readonly from?: number;
  /** Stop when this step is shown, without answering it. */
  readonly until?: string;
  /** On readyToStart, wait for the automatic advance instead of clicking "Let's go". */
  readonly waitForAutoAdvance?: boolean;
  /**
   * The test installed the page clock (`page.clock.install()`, running at real speed): the ready-to-start
   * step's celebration is fast-forwarded instead of waited for in real time.
   */
  readonly pageClock?: boolean;
  /** Extra checks on each step before it is answered. */
  readonly onStep?: (step: CompiledStep) => Promise<void>;
}

/**
 * Walks `flow` from the step the page shows to the flow's exit (or `until`), checking on every step
 * that the URL is the step's route and the progress reads "Step n of N" (questionnaire steps only).
 * Returns the ids of the steps answered, in order.
 */
export async function walk(page: Page, flow: CompiledFlow, answers: WalkAnswers, options: WalkOptions = {}): Promise<string[]> {
  const visited: string[] = [];
  const questionnaire = flow.steps.filter((step) => step.screen !== 'signUpEmail' && step.screen !== 'signUpPassword');
  for (const step of flow.steps.slice(options.from ?? 0)) {
    await expect.poll(() => pathOf(page), { message: `expected step ${step.id}` }).toBe(step.path);
    // This step's own heading: the URL changes before the step is committed, so the step left can
    // still be on screen for a moment.
    await expect(page.locator(`#step-heading-${step.id}`)).toBeVisible();
    if (step.id === options.until) return visited;
    const position = questionnaire.indexOf(step);
    if (position >= 0) await expect(page.getByText(`Step ${position + 1} of ${questionnaire.length}`, { exact: true })).toBeVisible();
    await options.onStep?.(step);
    visited.push(step.id);
    if (step.screen === 'readyToStart' && options.waitForAutoAdvance) {
      await page.getByRole('button', { name: 'Tap the circle' }).click();
      await expect(page.getByRole('link', { name: "Let's go" })).toBeVisible({ timeout: 6_000 });
      // No click: the funnel moves on by itself 3 s after the link appears.
      await expect.poll(() => pathOf(page), { timeout: 8_000 }).not.toBe(step.path);
      continue;
    }
    await answerStep(page, step, answers, options);
  }
  await expect.poll(() => pathOf(page)).toBe(flow.exit);
  return visited;
}

/** localStorage as a plain object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
}

export function sessionStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(window.sessionStorage)));
}

/** The storage the spec's table prescribes after a walk with `answers` through `flow`. */
export function expectedStorage(flow: CompiledFlow, answers: WalkAnswers): Record<string, string> {
  const expected: Record<string, string> = {
    gender: answers.choices.gender ?? '',
    height: '170.18',
    weight: '68.0388',
    goalWeight: '63.50288',
    age: answers.age,
    useMetricOrImperial: 'false',
    heightEntered: 'true',
    activityLevel: answers.choices.activityLevel ?? '',
    speedGoal: answers.choices.speedGoal ?? '',
    nutritionGoal: answers.choices.nutritionGoal ?? '',
  };
  for (const step of flow.steps) {
    if (step.storage.mode !== 'answerText') continue;
    const option = step.options?.find((candidate) => candidate.value === answers.choices[step.id]);
    if (option) expected[step.storage.englishHeading] = option.englishLabel;
  }
  return expected;
}
