import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { CompiledFlow, CompiledStep } from '../../engine/compiled-flow';
import type { UnitSystem } from '../../engine/funnel-answer';
import { FUNNEL_EXITED, funnelStateOf } from '../../engine/funnel-machine';
import { progressStorageKey } from '../../engine/restore-answers';
import { readFlowProject } from '../../engine/read-flow-project';
import { TranslationCatalog } from '../../engine/translation-catalog';
import { LOCAL_STACK_ANON_KEY } from '../../services/supabase/supabase-settings';
import { storedAccessToken } from '../e2e/support/account-stack';
import type { CoveringPath } from './covering-paths';
import { pathTestEmail, pathTestPassword, signedUpPath, type FunnelTestModel, type PathEvent, type PathSnapshot } from './funnel-test-model';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * localStorage keys the app writes that are not answers: i18next's language detector remembers the
 * language it picked, and supabase-js keeps the session of a visitor the funnel signed up (v1, v2:
 * `sb-<host>-auth-token`). Everything else in localStorage must be what the path has answered.
 */
function isAnswerKey(key: string): boolean {
  return key !== 'i18nextLng' && !/^sb-.+-auth-token$/.test(key);
}

/** Unit labels (common:units.*) of the toggle, per screen kind, as the screens name them. */
const unitLabelKeys: Readonly<Record<'height' | 'weight', Readonly<Record<UnitSystem, string>>>> = {
  height: { metric: 'common:units.cm', imperial: 'common:units.in' },
  weight: { metric: 'common:units.kg', imperial: 'common:units.lb' },
};

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
    case 'TOGGLE_UNIT':
      if (!step || !isMeasurement(step)) throw new Error(`no unit toggle on ${model.serializeState(state)}`);
      await page.getByRole('radio', { name: english(unitLabelKeys[step.screen][event.unit]), exact: true }).check();
      return;
    case 'CONTINUE':
      if (step?.screen === 'readyToStart') {
        await page.getByRole('button', { name: english('common:readyToStart.tap'), exact: true }).click();
        // The link appears after the confetti (3 s) and the funnel would advance by itself 3 s later.
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
      if (!isMeasurement(step)) throw new Error(`${step.id} takes no measurement`);
      // The toggle is not touched here: the model says which unit the screen shows (checked in expectState).
      await page.getByRole('textbox', { name: heading, exact: true }).fill(value.text);
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
    case 'continue':
      throw new Error('continue is the CONTINUE event');
  }
}

async function expectState(page: Page, model: FunnelTestModel, state: PathSnapshot, run: RunValues, where: string): Promise<void> {
  const { english } = run;
  const { flow } = model;
  const { funnel, unit, local, session } = state.context;
  const step = model.stepOf(state);
  const label = `${where} => ${model.serializeState(state)}`;
  if (state.context.signedUp) {
    await expect.poll(() => new URL(page.url()).pathname, { message: `${label}: the page after sign-up` }).toBe(signedUpPath);
    // The password step signed this visitor up for real: the session it holds is the new account's.
    const token = await storedAccessToken(page);
    const user: unknown = await (await page.request.get('/auth/v1/user', { headers: { apikey: LOCAL_STACK_ANON_KEY, Authorization: `Bearer ${token}` } })).json();
    expect(typeof user === 'object' && user !== null ? Reflect.get(user, 'email') : undefined, `${label}: the account the password step created`).toBe(run.email);
  } else if (funnelStateOf(funnel) === FUNNEL_EXITED || !step) {
    await expect.poll(() => new URL(page.url()).pathname, { message: `${label}: the funnel's exit` }).toBe(flow.exit);
  } else {
    await expect.poll(() => new URL(page.url()).pathname, { message: `${label}: the step's route` }).toBe(step.path);
    await expect(page.getByRole('heading', { level: 1, name: english(step.headingKey), exact: true }), `${label}: the step's heading`).toBeVisible();
    if (unit !== undefined && isMeasurement(step)) {
      await expect(page.getByRole('radio', { name: english(unitLabelKeys[step.screen][unit]), exact: true }), `${label}: the unit shown`).toBeChecked();
    }
  }
  await expect.poll(() => answerStorage(page, flow), { message: `${label}: localStorage holds what the path answered` }).toEqual(comparable(local, flow));
  const sessionNow = await page.evaluate(() => Object.fromEntries(Object.entries(window.sessionStorage)));
  const expectedSession = session.email === pathTestEmail ? { ...session, email: run.email } : session;
  // Only the keys answers write (answer-storage.ts); sign-up keeps records of its own there (the account id).
  const answerKeys = (storage: Readonly<Record<string, string>>) => ({ email: storage.email, password: storage.password });
  expect(answerKeys(sessionNow), `${label}: sessionStorage holds the sign-up answers`).toEqual(answerKeys(expectedSession));
}

/** localStorage without the keys that are not answers, the progress record parsed (key order is not behaviour). */
async function answerStorage(page: Page, flow: CompiledFlow): Promise<Record<string, unknown>> {
  const all = await page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
  return comparable(
    Object.fromEntries(Object.entries(all).filter(([key]) => isAnswerKey(key))),
    flow,
  );
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

function isMeasurement(step: CompiledStep): step is CompiledStep & { readonly screen: 'height' | 'weight' } {
  return step.screen === 'height' || step.screen === 'weight';
}

let cachedEnglish: ((key: string) => string) | undefined;

/** English texts from public/locales/en, looked up like i18next; a missing key fails the test loudly. */
function englishTexts(): (key: string) => string {
  if (cachedEnglish) return cachedEnglish;
  const { catalog, diagnostics } = TranslationCatalog.parse('en', readFlowProject(root).translationFiles);
  if (diagnostics.length > 0) throw new Error(`English texts do not parse: ${JSON.stringify(diagnostics)}`);
  cachedEnglish = (key: string): string => {
    const text = catalog.lookup(key);
    if (text === undefined) throw new Error(`no English text for ${key}`);
    if (text.includes('{{')) throw new Error(`English text of ${key} needs interpolation: ${text}`);
    return text;
  };
  return cachedEnglish;
}
