import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { DEFAULT_CONFETTI, type CompiledFlow, type CompiledStep } from '../../engine/compiled-flow';
import type { UnitSystem } from '../../engine/funnel-answer';
import { FUNNEL_EXITED, funnelStateOf } from '../../engine/funnel-machine';
import { progressStorageKey } from '../../engine/restore-answers';
import { readFlowProject } from '../../engine/read-flow-project';
import { TranslationCatalog } from '../../engine/translation-catalog';
import { LOCAL_STACK_ANON_KEY } from '../../services/supabase/supabase-settings';
import { storedAccessToken } from '../e2e/support/account-stack';
import { skipRootSpinner } from '../support/skip-root-spinner';
import { textAroundValues } from '../support/text-around-values';
import type { CoveringPath } from './covering-paths';
import { pathTestEmail, pathTestPassword, signedUpPath, type FunnelTestModel, type PathEvent, type PathSnapshot } from './funnel-test-model';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * localStorage keys the app writes that are not answers: i18next's language detector remembers the
 * language it picked, and supabase-js keeps the session of a visitor the funnel signed up (v1, v2:
 * `sb-<host>-auth-token`), the Snowplow tracker keeps its unsent events (`snowplowOutQueue_<namespace>`,
 * services/analytics/snowplow-analytics.ts), and the flag lookup remembers the visitor's variant
 * (`flag:<flag>`, services/flags/resolve-funnel-flow.ts). Everything else in localStorage must be what the path has answered.
 */
function isAnswerKey(key: string): boolean {
  return key !== 'i18nextLng' && !/^sb-.+-auth-token$/.test(key) && !/^snowplowOutQueue_/.test(key) && !/^flag:/.test(key);
}

/** The label key (common:units.*) of a number step's toggle button for a unit system, as the screen names it; undefined without a toggle. */
function unitLabelKey(step: CompiledStep, system: UnitSystem): string | undefined {
  const number = step.number;
  if (number?.imperial === undefined) return undefined;
  return `common:units.${system === 'metric' ? number.metric.unit : number.imperial.unit}`;
}

/**
 * Runs one generated path in the browser: each event is done the way a visitor does it (a click, a
 * typed URL, the browser's back button on the page the funnel exited to), and after every event the
 * page must show the step the model is in (URL and heading, by role and name, from the English
 * texts), the unit toggle where the model says, and browser storage exactly as the model computed it
 * with engine/answer-storage.ts.
 */
export async function runPath(page: Page, model: FunnelTestModel, path: CoveringPath, email: string): Promise<void> {
  const english = englishTexts();
  const run: RunValues = { english, email };
  const { flow } = model;
  const first = flow.steps[0];
  if (!first) throw new Error(`flow ${flow.id} has no steps`);
  // The root spinner (CSS, 1 s) would cost a real second on each of the path's typed URLs; the page's
  // clock, running at real speed, lets the ready-to-start step skip its confetti (see perform).
  await skipRootSpinner(page);
  await page.clock.install();
  await page.goto(first.path);
  let current = model.initial;
  await expectState(page, model, current, run, 'the start');
  for (const [index, step] of path.steps.entries()) {
    const where = `move ${index + 1}/${path.steps.length}: ${step.from} --${step.eventKey}-->`;
    await perform(page, model, current, step.event, run);
    current = step.state;
    await expectState(page, model, current, run, where);
  }
}

/** What one browser run needs besides the model: the English texts and its own sign-up address. */
interface RunValues {
  readonly english: (key: string) => string;
  /** Stands in for the model's `pathTestEmail`. */
  readonly email: string;
}

async function perform(page: Page, model: FunnelTestModel, state: PathSnapshot, event: PathEvent, run: RunValues): Promise<void> {
  const { english } = run;
  const step = model.stepOf(state);
  switch (event.type) {
    case 'GO_TO': {
      const target = model.flow.steps.find((candidate) => candidate.id === event.stepId);
      if (!target) throw new Error(`no step ${event.stepId}`);
      await page.goto(target.path);
      return;
    }
    case 'BACK':
      // On the page the funnel exited to there is no funnel back button: the browser's own.
      if (!step) await page.goBack();
      else await page.getByRole('button', { name: english('common:back'), exact: true }).click();
      return;
    case 'SIGN_UP':
      // The password step's own form: the sign-up machine takes it from here (account, profile, preparing).
      if (step?.screen !== 'signUpPassword') throw new Error(`SIGN_UP outside the password step: ${model.serializeState(state)}`);
      await page.getByLabel(english(step.headingKey), { exact: true }).fill(pathTestPassword);
      await page.getByRole('button', { name: english('common:continue'), exact: true }).click();
      return;
    case 'TOGGLE_UNIT': {
      const label = step === undefined ? undefined : unitLabelKey(step, event.unit);
      if (label === undefined) throw new Error(`no unit toggle on ${model.serializeState(state)}`);
      await page.getByRole('radio', { name: english(label), exact: true }).check();
      return;
    }
    case 'CONTINUE':
      if (step?.screen === 'readyToStart') {
        const circle = page.getByRole('button', { name: english('common:readyToStart.tap'), exact: true });
        await circle.click();
        // The link appears after the confetti (3 s unless the step sets it), and the funnel would advance
        // by itself 3 s later: once the tap is taken (the circle is gone), the clock skips the confetti.
        // Were the timer not set yet, the link still comes in real time, only slower.
        await expect(circle).toHaveCount(0);
        await page.clock.fastForward(step.confetti?.durationMs ?? DEFAULT_CONFETTI.durationMs);
        await page.getByRole('link', { name: english('common:readyToStart.letsGo'), exact: true }).click({ timeout: 15_000 });
      } else {
        await page.getByRole('button', { name: english('common:continue'), exact: true }).click();
      }
      return;
    case 'ANSWER':
      if (!step) throw new Error(`ANSWER outside the funnel: ${model.serializeState(state)}`);
      await answer(page, step, event.answer, run);
      return;
  }
}

async function answer(page: Page, step: CompiledStep, value: Extract<PathEvent, { type: 'ANSWER' }>['answer'], run: RunValues): Promise<void> {
  const { english } = run;
  const heading = english(step.headingKey);
  const submit = page.getByRole('button', { name: english('common:continue'), exact: true });
  switch (value.kind) {
    case 'choice': {
      const option = step.options?.find((candidate) => candidate.value === value.value);
      if (!option) throw new Error(`${step.id} has no option ${value.value}`);
      await page.getByRole('button', { name: english(option.labelKey), exact: true }).click();
      return;
    }
    case 'measurement':
      if (step.number?.imperial === undefined) throw new Error(`${step.id} takes no measurement`);
      // The toggle is not touched here: the model says which unit the screen shows (checked in expectState).
      await page.getByRole('textbox', { name: heading, exact: true }).fill(value.text);
      await submit.click();
      return;
    case 'feetInches':
      // Two fields, each named by the heading and its unit (screens/number-screen.tsx).
      await page.getByRole('textbox', { name: `${heading} ${english('common:units.ft')}`, exact: true }).fill(value.feet);
      await page.getByRole('textbox', { name: `${heading} ${english('common:units.in')}`, exact: true }).fill(value.inches);
      await submit.click();
      return;
    case 'wholeNumber':
      await page.getByRole('textbox', { name: heading, exact: true }).fill(value.text);
      await submit.click();
      return;
    case 'email':
      await page.getByRole('textbox', { name: heading, exact: true }).fill(value.value === pathTestEmail ? run.email : value.value);
      await submit.click();
      return;
    case 'choices': {
      // The boxes as the answer has them: a revisit's earlier picks are cleared first, then the new ones
      // ticked (ticking the exclusive option clears the others on screen, as a visitor sees it).
      const boxes = (step.options ?? []).map((option) => ({ value: option.value, box: page.getByRole('checkbox', { name: english(option.labelKey), exact: true }) }));
      for (const { value: option, box } of boxes) {
        if (!value.values.includes(option) && (await box.getAttribute('aria-checked')) === 'true') await box.click();
      }
      for (const { value: option, box } of boxes) {
        if (value.values.includes(option) && (await box.getAttribute('aria-checked')) !== 'true') await box.click();
      }
      await submit.click();
      return;
    }
    case 'scale':
      await page.getByRole('slider').fill(String(value.value));
      await submit.click();
      return;
    case 'date':
      await page.getByLabel(heading, { exact: true }).fill(value.value);
      await submit.click();
      return;
    case 'text':
      await page.getByRole('textbox', { name: heading, exact: true }).fill(value.text);
      await submit.click();
      return;
    case 'continue':
      throw new Error('continue is the CONTINUE event');
    default: {
      // A new answer kind must be taught here: without this, its move would silently do nothing.
      const unknown: never = value;
      throw new Error(`no browser move for ${JSON.stringify(unknown)}`);
    }
  }
}

async function expectState(page: Page, model: FunnelTestModel, state: PathSnapshot, run: RunValues, where: string): Promise<void> {
  const { english } = run;
  const { flow } = model;
  const { funnel, unit, local, session } = state.context;
  const step = model.stepOf(state);
  const label = `${where} => ${model.serializeState(state)}`;
  const exited = funnelStateOf(funnel) === FUNNEL_EXITED || !step;
  const [expectedPath, what] = state.context.signedUp
    ? [signedUpPath, 'the page after sign-up']
    : exited
      ? [flow.exit, "the funnel's exit"]
      : [step.path, "the step's route"];
  const expectedSession = session.email === pathTestEmail ? { ...session, email: run.email } : session;
  // One read of the page per poll (URL and both storages): a move costs fewer round trips, and the
  // message still names what differs (route, localStorage answers, sessionStorage sign-up answers).
  await expect
    .poll(() => pageState(page, flow), {
      message: `${label}: ${what}, localStorage holds what the path answered, sessionStorage the sign-up answers`,
      // A move usually lands within a frame or two: Playwright's default first wait (100 ms, then 250)
      // would cost more than the move itself, hundreds of times per run.
      intervals: [20, 50, 100, 250],
    })
    .toEqual({ path: expectedPath, local: comparable(local, flow), session: signUpAnswers(expectedSession) });
  if (state.context.signedUp) {
    // The password step signed this visitor up for real: the session it holds is the new account's.
    const token = await storedAccessToken(page);
    const user: unknown = await (await page.request.get('/auth/v1/user', { headers: { apikey: LOCAL_STACK_ANON_KEY, Authorization: `Bearer ${token}` } })).json();
    expect(typeof user === 'object' && user !== null ? Reflect.get(user, 'email') : undefined, `${label}: the account the password step created`).toBe(run.email);
  } else if (!exited) {
    await expect(page.getByRole('heading', { level: 1, name: textAroundValues(englishTexts(true)(step.headingKey)), exact: true }), `${label}: the step's heading`).toBeVisible();
    const unitLabel = unit === undefined ? undefined : unitLabelKey(step, unit);
    if (unitLabel !== undefined) {
      await expect(page.getByRole('radio', { name: english(unitLabel), exact: true }), `${label}: the unit shown`).toBeChecked();
    }
  }
}

/** Only the keys answers write to sessionStorage (answer-storage.ts); sign-up keeps records of its own there (the account id). */
function signUpAnswers(storage: Readonly<Record<string, string>>): { email: string | undefined; password: string | undefined } {
  return { email: storage.email, password: storage.password };
}

/** The page's path, its localStorage without the keys that are not answers (progress record parsed: key order is not behaviour), and the sign-up answers in sessionStorage. */
async function pageState(page: Page, flow: CompiledFlow): Promise<{ path: string; local: Record<string, unknown>; session: ReturnType<typeof signUpAnswers> }> {
  let read: { path: string; local: Record<string, string>; session: Record<string, string> };
  try {
    read = await page.evaluate(() => ({
      path: window.location.pathname,
      local: Object.fromEntries(Object.entries(window.localStorage)),
      session: Object.fromEntries(Object.entries(window.sessionStorage)),
    }));
  } catch (error) {
    // A move that leaves the document (the funnel's exit) can replace it during the read: read again on the next poll.
    if (error instanceof Error && /Execution context was destroyed|navigation/i.test(error.message)) return { path: '(navigating)', local: {}, session: signUpAnswers({}) };
    throw error;
  }
  const { path, local, session } = read;
  return {
    path,
    local: comparable(Object.fromEntries(Object.entries(local).filter(([key]) => isAnswerKey(key))), flow),
    session: signUpAnswers(session),
  };
}

function comparable(storage: Readonly<Record<string, string>>, flow: CompiledFlow): Record<string, unknown> {
  const key = progressStorageKey(flow.id);
  const progress = storage[key];
  return progress === undefined ? { ...storage } : { ...storage, [key]: parseJson(progress) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let cachedCatalog: TranslationCatalog | undefined;

/**
 * English texts from public/locales/en, looked up like i18next; a missing key fails the test loudly, and
 * so does a text with values unless `withValues` (a heading, found by the words around them).
 */
function englishTexts(withValues = false): (key: string) => string {
  if (cachedCatalog === undefined) {
    const { catalog, diagnostics } = TranslationCatalog.parse('en', readFlowProject(root).translationFiles);
    if (diagnostics.length > 0) throw new Error(`English texts do not parse: ${JSON.stringify(diagnostics)}`);
    cachedCatalog = catalog;
  }
  const catalog = cachedCatalog;
  return (key: string): string => {
    const text = catalog.lookup(key);
    if (text === undefined) throw new Error(`no English text for ${key}`);
    if (!withValues && text.includes('{{')) throw new Error(`English text of ${key} needs interpolation: ${text}`);
    return text;
  };
}
