import type { FlowDiagnostic, FlowPath } from './flow-error.ts';
import type { ResolvedFlow, ScreenKind, StepDefinition, StoredForm } from './flow-schema.ts';
import type { ResolvedFlowSource } from './resolve-flow.ts';
import { didYouMean } from './suggest-name.ts';
import type { TranslationCatalog } from './translation-catalog.ts';
import { optionLabelKey, translationKeys } from './translation-keys.ts';
import { ICON_WIDTHS, iconPath } from './icon-files.ts';
import { wideImagePath } from './wide-image-path.ts';
import { compileFlow } from './compile-flow.ts';
import { shiftDay } from './date-answer.ts';
import { profileColumnForms } from './profile-from-answers.ts';
import { verifyBranchRules, verifyReachable, verifyTextValues } from './verify-branches.ts';
import { verifyUnitSystem } from './verify-unit-systems.ts';

export interface VerifyFlowContext {
  /** The English translations: every referenced key must exist there. */
  readonly translations: TranslationCatalog;
  /** Whether `/images/x.svg` exists under public/. */
  readonly publicFileExists: (urlPath: string) => boolean;
  /** Verify this order instead of the flow's `order` line (FLOW_ORDER, or the CLI checking every order). */
  readonly order?: string;
  /** How the override was requested, for the message when the flow lacks that order. */
  readonly orderSource?: string;
}

const signUpKinds: ReadonlySet<ScreenKind> = new Set(['signUpEmail', 'signUpPassword']);
/** Steps that show options from an option set. */
const optionKinds: ReadonlySet<ScreenKind> = new Set(['singleChoice', 'multiSelect']);
/** The question kinds of issue 28: each must store its answer, under a key or under the English heading. */
const questionKinds: ReadonlySet<ScreenKind> = new Set(['singleChoice', 'multiSelect', 'slider', 'date', 'text']);
/** The day the date ranges are tried on (any day gives the same order of the two ends). */
const SAMPLE_DAY = '2024-02-29';

/**
 * Static checks a schema cannot express, on a resolved flow and one of its orders. Each problem is
 * located in the file that defines the offending value (the flow itself or a flow it extends):
 * - the order exists and lists only defined steps, each once (with "did you mean")
 * - option sets exist; singleChoice steps have options and store the answer; only they may use options
 *   or `answerText`; storage `map` keys are values of the step's options
 * - number steps store a `value` and name a declared unit system; its units, placeholders, ranges and
 *   texts are complete (verify-unit-systems.ts)
 * - each storage key (and each answerText heading) is written by at most one step
 * - sign-up steps come last; the funnel ends in sign-up and its exit leaves the flow
 * - every referenced translation key exists in the English files; every background image exists
 *
 * - branches (verify-branches.ts): `when` and `next` name known steps, values and calculators, compare
 *   numbers with numbers, read only answers given before them and only go forward (no cycles); every
 *   step of the order is shown on some path of answers, and every path reaches the exit
 *
 * Steps defined but in no order are allowed (a parent flow defines steps its children use).
 */
export function verifyFlow(resolved: ResolvedFlowSource, context: VerifyFlowContext): FlowDiagnostic[] {
  const { flow, locator } = resolved;
  const out: FlowDiagnostic[] = [];
  const orderName = context.order ?? flow.order;
  const ids = flow.orders[orderName];
  if (ids === undefined) {
    const known = Object.keys(flow.orders);
    const message =
      context.order === undefined
        ? `unknown order "${orderName}"${didYouMean(orderName, known)} (orders: ${known.join(', ')})`
        : `${context.orderSource ?? 'requested order'} "${orderName}" does not exist in this flow${didYouMean(orderName, known)} (orders: ${known.join(', ')})`;
    out.push(locator.at(['order'], message));
    return out;
  }

  const used: string[] = [];
  const firstPosition = new Map<string, number>();
  ids.forEach((id, index) => {
    const at: FlowPath = ['orders', orderName, index];
    if (flow.steps[id] === undefined) {
      out.push(locator.at(at, `unknown step "${id}"${didYouMean(id, Object.keys(flow.steps))}`));
      return;
    }
    const first = firstPosition.get(id);
    if (first !== undefined) {
      out.push(locator.at(at, `step "${id}" is listed twice in order "${orderName}" (first at position ${first + 1})`));
      return;
    }
    firstPosition.set(id, index);
    used.push(id);
  });

  for (const id of used) {
    const step = flow.steps[id];
    if (step !== undefined) verifyStep(flow, id, step, context, locator, out);
  }
  const unitSystems = new Set(used.flatMap((id) => flow.steps[id]?.unitSystem ?? []));
  for (const name of unitSystems) verifyUnitSystem(flow, name, context.translations, locator, out);
  verifyUniqueStorage(flow, used, context, locator, out);
  verifyProfileColumns(flow, locator, out);
  verifyEnding(flow, orderName, ids, locator, out);
  verifyBranchRules(flow, orderName, used, locator, out);
  verifyTextValues(flow, used, locator, out);
  // The proof walks the compiled flow, which needs every rule above to hold.
  if (out.length === 0) verifyReachable(compileFlow(flow, context.translations, { order: orderName }), orderName, locator, out);
  return out;
}

function verifyStep(
  flow: ResolvedFlow,
  id: string,
  step: StepDefinition,
  context: VerifyFlowContext,
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  const at = (...rest: (string | number)[]): FlowPath => ['steps', id, ...rest];

  if (optionKinds.has(step.screen)) {
    if (step.options === undefined) out.push(locator.at(at('options'), `${step.screen} steps need an option set: add "options: <set name>"`));
  } else if (step.options !== undefined) {
    out.push(locator.at(at('options'), `options only apply to singleChoice and multiSelect steps (this step is "${step.screen}")`));
  }
  if (questionKinds.has(step.screen)) {
    if (step.storage.mode === 'none') {
      out.push(locator.at(at('storage'), `${step.screen} steps must store their answer: storage mode "value" (with a key) or "answerText"`));
    }
  } else if (step.storage.mode === 'answerText') {
    out.push(locator.at(at('storage', 'mode'), `"answerText" stores an answer under the English heading, so it needs a question step (${[...questionKinds].join(', ')}); this step is "${step.screen}"`));
  }
  verifyKindFields(step, at, context, locator, out);

  let optionValues: string[] = [];
  if (step.options !== undefined) {
    const set = flow.optionSets[step.options];
    if (set === undefined) {
      out.push(locator.at(at('options'), `unknown option set "${step.options}"${didYouMean(step.options, Object.keys(flow.optionSets))}`));
    } else {
      optionValues = set.map((o) => o.value);
      set.forEach((option, index) => {
        const optionPath: FlowPath = ['optionSets', step.options ?? '', index];
        requireKey(optionLabelKey(step.options ?? '', option, flow.texts), [...optionPath, 'label'], context, locator, out);
        if (option.description !== undefined) requireKey(option.description, [...optionPath, 'description'], context, locator, out);
        const { icon } = option;
        if (typeof icon === 'string') requireIcon(icon, [...optionPath, 'icon'], context, locator, out);
        else if (icon !== undefined) for (const gender of ['female', 'male'] as const) requireIcon(icon[gender], [...optionPath, 'icon', gender], context, locator, out);
      });
    }
  }

  if (step.screen === 'number') {
    if (step.storage.mode !== 'value') out.push(locator.at(at('storage'), 'number steps store a number: use storage { mode: value, key: <key> }'));
    const systems = Object.keys(flow.unitSystems);
    if (step.unitSystem === undefined) {
      out.push(locator.at(at('screen'), `number steps need "unitSystem: <name>", one of the flow's unitSystems (${systems.join(', ') || 'none declared'})`));
    } else if (flow.unitSystems[step.unitSystem] === undefined) {
      out.push(locator.at(at('unitSystem'), `unknown unit system "${step.unitSystem}"${didYouMean(step.unitSystem, systems)} (declared: ${systems.join(', ') || 'none'})`));
    }
  } else if (step.unitSystem !== undefined) {
    out.push(locator.at(at('unitSystem'), `unitSystem only applies to number steps (this step is "${step.screen}")`));
  }

  if (step.screen === 'multiSelect' && optionValues.length > 0) {
    const limits = step.selections ?? { min: 1, max: optionValues.length };
    if (limits.max > optionValues.length) {
      out.push(locator.at(at('selections', 'max'), `at most ${limits.max} picks, but option set "${step.options ?? ''}" has ${optionValues.length} options`));
    }
    if (step.exclusive !== undefined && !optionValues.includes(step.exclusive)) {
      out.push(locator.at(at('exclusive'), `"${step.exclusive}" is not an option of this step${didYouMean(step.exclusive, optionValues)} (options: ${optionValues.join(', ')})`));
    }
  }

  if (step.storage.mode === 'value') verifyDeclaredKey(flow, step, at, locator, out);

  if (step.storage.mode === 'value' && step.storage.map !== undefined && step.options !== undefined && optionValues.length > 0) {
    for (const value of Object.keys(step.storage.map)) {
      if (!optionValues.includes(value)) {
        out.push(locator.atKey(at('storage', 'map', value), `unknown option value "${value}"${didYouMean(value, optionValues)}`));
      }
    }
  }

  const keys = translationKeys(id, step, flow.texts);
  requireKey(keys.heading, at('heading'), context, locator, out);
  if (keys.subheading !== undefined) requireKey(keys.subheading, at('subheading'), context, locator, out);
  if (keys.info !== undefined) requireKey(keys.info, at('info'), context, locator, out);
  step.links?.forEach((link, index) => requireKey(link.label, at('links', index, 'label'), context, locator, out));

  if (step.optionLayout !== undefined && step.screen !== 'singleChoice') {
    out.push(locator.at(at('optionLayout'), `optionLayout only applies to singleChoice steps (this step is "${step.screen}")`));
  }
  if (step.visual !== undefined) {
    if (step.screen !== 'info') out.push(locator.at(at('visual'), `visual only applies to info steps (this step is "${step.screen}")`));
    verifyVisual(step, at, context, locator, out);
  }

  if (step.background !== undefined) {
    for (const [variant, image] of Object.entries(step.background)) {
      if (!context.publicFileExists(image)) {
        out.push(locator.at(at('background', variant), `image "${image}" not found (expected the file public${image})`));
      } else if (!context.publicFileExists(wideImagePath(image))) {
        out.push(locator.at(at('background', variant), `the desktop crop of "${image}" is missing (expected the file public${wideImagePath(image)})`));
      }
    }
  }
}

/**
 * Each new question kind has its own field (`selections`/`exclusive`, `scale`, `dateRange`,
 * `textRules`): required where the kind needs it, refused on other kinds, its texts present.
 */
function verifyKindFields(
  step: StepDefinition,
  at: (...path: FlowPath) => FlowPath,
  context: VerifyFlowContext,
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  const owned: readonly [keyof StepDefinition, ScreenKind][] = [
    ['selections', 'multiSelect'],
    ['exclusive', 'multiSelect'],
    ['scale', 'slider'],
    ['dateRange', 'date'],
    ['textRules', 'text'],
  ];
  for (const [field, kind] of owned) {
    if (step[field] !== undefined && step.screen !== kind) out.push(locator.at(at(field), `${field} only applies to ${kind} steps (this step is "${step.screen}")`));
  }
  if (step.screen === 'slider') {
    if (step.scale === undefined) out.push(locator.at(at('scale'), 'slider steps need a scale: { min, max, step, minLabel, maxLabel } (default optional)'));
    else {
      requireKey(step.scale.minLabel, at('scale', 'minLabel'), context, locator, out);
      requireKey(step.scale.maxLabel, at('scale', 'maxLabel'), context, locator, out);
    }
  }
  if (step.screen === 'date') {
    const range = step.dateRange;
    if (range === undefined) out.push(locator.at(at('dateRange'), 'date steps need a dateRange relative to today, e.g. { earliest: { years: -100 }, latest: { years: -16 } }'));
    else {
      const earliest = shiftDay(SAMPLE_DAY, range.earliest) ?? '';
      const latest = shiftDay(SAMPLE_DAY, range.latest) ?? '';
      if (earliest > latest) out.push(locator.at(at('dateRange', 'latest'), `latest comes before earliest (on ${SAMPLE_DAY}: ${latest} < ${earliest}): swap them`));
    }
  }
  if (step.screen === 'text') {
    const rules = step.textRules;
    if (rules === undefined) out.push(locator.at(at('textRules'), 'text steps need textRules: { maxLength } (and optionally pattern with patternMessage)'));
    else if (rules.pattern !== undefined && rules.patternMessage === undefined) {
      out.push(locator.at(at('textRules', 'pattern'), 'a pattern needs patternMessage: the translation key of the message shown when the text does not match'));
    } else if (rules.patternMessage !== undefined) {
      if (rules.pattern === undefined) out.push(locator.at(at('textRules', 'patternMessage'), 'patternMessage is shown when the text does not match a pattern: add "pattern" or remove it'));
      requireKey(rules.patternMessage, at('textRules', 'patternMessage'), context, locator, out);
    }
  }
}

/** The form each kind writes under a `value` key (engine/answer-storage.ts); a number step's depends on its unit system. */
const writtenForms: Readonly<Partial<Record<ScreenKind, StoredForm>>> = {
  singleChoice: 'option',
  multiSelect: 'options',
  slider: 'number',
  date: 'date',
  text: 'text',
};

/**
 * A `value` key is one the flow declares (`storageKeys`), in the form the step writes (a number step:
 * `wholeNumber` when its unit system takes no decimals); a number step with an imperial side also
 * writes `useMetricOrImperial`, and its unit system's `enteredKey`: both must be declared flags.
 */
function verifyDeclaredKey(flow: ResolvedFlow, step: StepDefinition, at: (...path: FlowPath) => FlowPath, locator: ResolvedFlowSource['locator'], out: FlowDiagnostic[]): void {
  if (step.storage.mode !== 'value') return;
  const key = step.storage.key;
  const declared = Object.keys(flow.storageKeys);
  const declaration = flow.storageKeys[key];
  if (declaration === undefined) {
    const suggestion = didYouMean(key, declared);
    out.push(locator.at(at('storage', 'key'), `unknown key "${key}"${suggestion || `: declare it under storageKeys (declared: ${declared.join(', ') || 'none'})`}`));
    return;
  }
  const system = step.unitSystem === undefined ? undefined : flow.unitSystems[step.unitSystem];
  const form = step.screen === 'number' ? (system?.metric.decimals === false ? 'wholeNumber' : 'number') : writtenForms[step.screen];
  if (form !== undefined && declaration.form !== form) {
    out.push(locator.at(at('storage', 'key'), `key "${key}" is declared as ${declaration.form} (storageKeys), but a ${step.screen} step writes ${form}`));
  }
  const alongside = [...(system?.imperial === undefined ? [] : ['useMetricOrImperial']), ...(system?.enteredKey === undefined ? [] : [system.enteredKey])];
  for (const flag of alongside) {
    if (flow.storageKeys[flag]?.form !== 'flag') {
      out.push(locator.at(at('storage', 'key'), `a ${step.screen} step in unit system "${step.unitSystem ?? ''}" also writes "${flag}": declare it under storageKeys as { form: flag }`));
    }
  }
}

function verifyVisual(
  step: StepDefinition,
  at: (...path: FlowPath) => FlowPath,
  context: VerifyFlowContext,
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  const visual = step.visual;
  if (visual === undefined) return;
  switch (visual.kind) {
    case 'share':
      requireKey(visual.label, at('visual', 'label'), context, locator, out);
      requireKey(visual.restLabel, at('visual', 'restLabel'), context, locator, out);
      return;
    case 'checklist':
      visual.items.forEach((item, index) => {
        requireKey(item.label, at('visual', 'items', index, 'label'), context, locator, out);
        requireIcon(item.icon, at('visual', 'items', index, 'icon'), context, locator, out);
      });
      return;
    case 'bars':
      requireKey(visual.unit, at('visual', 'unit'), context, locator, out);
      visual.bars.forEach((bar, index) => {
        requireKey(bar.label, at('visual', 'bars', index, 'label'), context, locator, out);
        if (bar.icon !== undefined) requireIcon(bar.icon, at('visual', 'bars', index, 'icon'), context, locator, out);
      });
      return;
    case 'bmiScale':
      if (step.values?.[visual.value] === undefined) {
        out.push(locator.at(at('visual', 'value'), `"${visual.value}" is not one of this step's values (${Object.keys(step.values ?? {}).join(', ') || 'none'}): name it under values:, e.g. { computed: bmi }`));
      }
      return;
    case 'trend':
      requireKey(visual.start, at('visual', 'start'), context, locator, out);
      requireKey(visual.end, at('visual', 'end'), context, locator, out);
      visual.series.forEach((series, index) => requireKey(series.label, at('visual', 'series', index, 'label'), context, locator, out));
      return;
  }
}

/** Icons are files generated from the Fluent Emoji set by `npm run art` (scripts/build-flow-art.ts). */
function requireIcon(name: string, path: FlowPath, context: VerifyFlowContext, locator: ResolvedFlowSource['locator'], out: FlowDiagnostic[]): void {
  const missing = ICON_WIDTHS.map((width) => iconPath(name, width)).find((file) => !context.publicFileExists(file));
  if (missing !== undefined) {
    out.push(locator.at(path, `icon "${name}" not found (expected public${missing}: run "npm run art" after naming a Fluent Emoji)`));
  }
}

function requireKey(
  key: string,
  path: FlowPath,
  context: VerifyFlowContext,
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  if (!context.translations.has(key)) {
    out.push(locator.at(path, `translation key "${key}" not found in ${context.translations.fileFor(key)}`));
  }
}

function verifyUniqueStorage(
  flow: ResolvedFlow,
  used: readonly string[],
  context: VerifyFlowContext,
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  const writers = new Map<string, string>();
  const headings = new Map<string, string>();
  const branches = used.some((id) => flow.steps[id]?.when !== undefined || flow.steps[id]?.next !== undefined);
  for (const id of used) {
    const step = flow.steps[id];
    if (step === undefined) continue;
    if (step.storage.mode === 'value') {
      const previous = writers.get(step.storage.key);
      // In a branching flow two steps may share a key when no path shows both: the path walk decides.
      if (previous !== undefined && !branches) {
        out.push(locator.at(['steps', id, 'storage', 'key'], `storage key "${step.storage.key}" is already written by step "${previous}"`));
      } else {
        writers.set(step.storage.key, id);
      }
    } else if (step.storage.mode === 'answerText') {
      // answerText answers are keyed by the English heading, so two equal headings overwrite each other.
      const heading = context.translations.lookup(translationKeys(id, step, flow.texts).heading);
      if (heading === undefined) continue;
      const previous = headings.get(heading);
      if (previous !== undefined) {
        out.push(locator.at(['steps', id, 'heading'], `English heading "${heading}" is already the storage key of step "${previous}"; answerText steps need distinct headings`));
      } else {
        headings.set(heading, id);
      }
    }
  }
}

/** Each `profiles` column is filled by one declared key, of a form the column can be read from. */
function verifyProfileColumns(flow: ResolvedFlow, locator: ResolvedFlowSource['locator'], out: FlowDiagnostic[]): void {
  const filledBy = new Map<string, string>();
  for (const [key, declaration] of Object.entries(flow.storageKeys)) {
    const column = declaration.profile;
    if (column === undefined) continue;
    const at: FlowPath = ['storageKeys', key, 'profile'];
    const previous = filledBy.get(column);
    if (previous !== undefined) out.push(locator.at(at, `profile column "${column}" is already filled by key "${previous}"`));
    filledBy.set(column, key);
    const forms = profileColumnForms[column];
    if (!forms.includes(declaration.form)) out.push(locator.at(at, `profile column "${column}" reads ${forms.join(' or ')}, but key "${key}" is declared as ${declaration.form}`));
  }
}

function verifyEnding(
  flow: ResolvedFlow,
  orderName: string,
  ids: readonly string[],
  locator: ResolvedFlowSource['locator'],
  out: FlowDiagnostic[],
): void {
  let firstSignUp: string | undefined;
  ids.forEach((id, index) => {
    const screen = flow.steps[id]?.screen;
    if (screen === undefined) return;
    if (signUpKinds.has(screen)) {
      firstSignUp ??= id;
    } else if (firstSignUp !== undefined) {
      out.push(locator.at(['orders', orderName, index], `step "${id}" comes after the sign-up step "${firstSignUp}"; sign-up steps must be last`));
    }
  });

  const lastId = ids[ids.length - 1];
  const lastScreen = lastId === undefined ? undefined : flow.steps[lastId]?.screen;
  const endsInSignUp = flow.exit.startsWith('/sign-up') || (lastScreen !== undefined && signUpKinds.has(lastScreen));
  if (!endsInSignUp) {
    out.push(locator.at(['exit'], `the funnel must end in sign-up: exit "${flow.exit}" is not under /sign-up and the last step "${lastId ?? ''}" is not a sign-up step`));
  }
  if (flow.exit === flow.basePath || flow.exit.startsWith(`${flow.basePath}/`)) {
    out.push(locator.at(['exit'], `exit "${flow.exit}" leads back into the flow (${flow.basePath}); it must leave the funnel`));
  }
}
