import type { FlowDiagnostic, FlowPath } from './flow-error.ts';
import type { ResolvedFlow, ScreenKind, StepDefinition } from './flow-schema.ts';
import type { ResolvedFlowSource } from './resolve-flow.ts';
import { didYouMean } from './suggest-name.ts';
import type { TranslationCatalog } from './translation-catalog.ts';
import { optionLabelKey, translationKeys } from './translation-keys.ts';
import { ICON_WIDTHS, iconPath } from './icon-files.ts';
import { wideImagePath } from './wide-image-path.ts';
import { compileFlow } from './compile-flow.ts';
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

  if (step.screen === 'singleChoice') {
    if (step.options === undefined) out.push(locator.at(at('options'), 'singleChoice steps need an option set: add "options: <set name>"'));
    if (step.storage.mode === 'none') {
      out.push(locator.at(at('storage'), 'singleChoice steps must store their answer: storage mode "value" or "answerText"'));
    }
  } else {
    if (step.options !== undefined) out.push(locator.at(at('options'), `options only apply to singleChoice steps (this step is "${step.screen}")`));
    if (step.storage.mode === 'answerText') {
      out.push(locator.at(at('storage', 'mode'), `"answerText" stores the English option text, so it needs a singleChoice step (this step is "${step.screen}")`));
    }
  }

  let optionValues: string[] = [];
  if (step.options !== undefined) {
    const set = flow.optionSets[step.options];
    if (set === undefined) {
      out.push(locator.at(at('options'), `unknown option set "${step.options}"${didYouMean(step.options, Object.keys(flow.optionSets))}`));
    } else {
      optionValues = set.map((o) => o.value);
      set.forEach((option, index) => {
        const optionPath: FlowPath = ['optionSets', step.options ?? '', index];
        requireKey(optionLabelKey(step.options ?? '', option), [...optionPath, 'label'], context, locator, out);
        if (option.description !== undefined) requireKey(option.description, [...optionPath, 'description'], context, locator, out);
        if (option.icon !== undefined) requireIcon(option.icon, [...optionPath, 'icon'], context, locator, out);
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

  if (step.storage.mode === 'value' && step.storage.map !== undefined && step.options !== undefined && optionValues.length > 0) {
    for (const value of Object.keys(step.storage.map)) {
      if (!optionValues.includes(value)) {
        out.push(locator.atKey(at('storage', 'map', value), `unknown option value "${value}"${didYouMean(value, optionValues)}`));
      }
    }
  }

  const keys = translationKeys(id, step);
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
  for (const id of used) {
    const step = flow.steps[id];
    if (step === undefined) continue;
    if (step.storage.mode === 'value') {
      const previous = writers.get(step.storage.key);
      if (previous !== undefined) {
        out.push(locator.at(['steps', id, 'storage', 'key'], `storage key "${step.storage.key}" is already written by step "${previous}"`));
      } else {
        writers.set(step.storage.key, id);
      }
    } else if (step.storage.mode === 'answerText') {
      // answerText answers are keyed by the English heading, so two equal headings overwrite each other.
      const heading = context.translations.lookup(translationKeys(id, step).heading);
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
