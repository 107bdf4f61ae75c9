import type { CompiledFlow, CompiledNumber, CompiledOption, CompiledVisual, CompiledScale, CompiledStep, CompiledStorage, CompiledUnit } from './compiled-flow.ts';
import type { NumberUnitDefinition, ResolvedFlow, StepDefinition, VisualDefinition } from './flow-schema.ts';
import { BMI_SCALE, bmiScaleBands } from './bmi-bands.ts';
import type { TranslationCatalog } from './translation-catalog.ts';
import { optionLabelKey, translationKeys } from './translation-keys.ts';
import { conditionComparisons, stepConditions } from './flow-condition.ts';

export interface CompileFlowOptions {
  /** Compile this order instead of the flow's `order` line (FLOW_ORDER). */
  readonly order?: string;
}

/**
 * Turns a resolved, verified flow into the plain data the browser receives: steps in funnel order
 * with full routes (`${basePath}/${id}`), every translation key spelled out, and the English texts
 * that `answerText` storage writes (option labels and question headings) resolved from `translations`.
 *
 * Call `verifyFlow` first: here an unknown step or order is a programming error and throws, and a
 * missing English text falls back to its key.
 */
export function compileFlow(flow: ResolvedFlow, translations: TranslationCatalog, options: CompileFlowOptions = {}): CompiledFlow {
  const orderName = options.order ?? flow.order;
  const ids = flow.orders[orderName];
  if (ids === undefined) throw new Error(`compileFlow: flow "${flow.id}" has no order "${orderName}"`);
  const steps = ids.map((id, index): CompiledStep => {
    const step = flow.steps[id];
    if (step === undefined) throw new Error(`compileFlow: flow "${flow.id}" has no step "${id}"`);
    return compileStep(flow, id, index, step, translations);
  });
  const calculators = [...new Set(steps.flatMap(calculatorsUsedBy))].sort();
  const namespaces = namespacesUsed(steps, translations);
  return {
    format: 1,
    id: flow.id,
    basePath: flow.basePath,
    exit: flow.exit,
    order: orderName,
    rootSpinnerMs: flow.rootSpinnerMs,
    imperialRegions: flow.imperialRegions,
    steps,
    ...(calculators.length === 0 ? {} : { calculators }),
    ...(namespaces.length === 0 ? {} : { namespaces }),
  };
}

/**
 * Loaded for every visitor before the first step (services/i18n/initial-namespaces.ts; a unit test
 * keeps the two equal): a flow's texts elsewhere name their namespace in `namespaces`.
 */
export const PRELOADED_NAMESPACES: readonly string[] = ['common', 'onboarding'];

/**
 * The translation namespaces the steps' texts use beyond the preloaded ones (a funnel with its own file,
 * e.g. `sleep:steps.bedtime.heading`): every string of the compiled steps of the form `<namespace>:...`
 * whose namespace file exists, so no kind of key (heading, label, scale end, unit) can be missed.
 */
function namespacesUsed(steps: readonly CompiledStep[], translations: TranslationCatalog): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const namespace = /^([A-Za-z0-9_-]+):\S/.exec(value)?.[1];
      if (namespace !== undefined && !PRELOADED_NAMESPACES.includes(namespace) && translations.hasNamespace(namespace)) found.add(namespace);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === 'object' && value !== null) {
      Object.values(value).forEach(visit);
    }
  };
  visit(steps);
  return [...found].sort();
}

function calculatorsUsedBy(step: CompiledStep): string[] {
  const conditions = stepConditions(step);
  const shown = Object.values(step.values ?? {}).flatMap((source) => ('computed' in source ? [source.computed] : []));
  return [...shown, ...conditions.flatMap((condition) => conditionComparisons(condition).flatMap(({ comparison }) => ('computed' in comparison ? [comparison.computed] : [])))];
}

function compileStep(flow: ResolvedFlow, id: string, index: number, step: StepDefinition, translations: TranslationCatalog): CompiledStep {
  const keys = translationKeys(id, step, flow.texts);
  const english = (key: string): string => translations.lookup(key) ?? key;
  const storage: CompiledStorage =
    step.storage.mode === 'answerText'
      ? { mode: 'answerText', englishHeading: english(keys.heading) }
      : step.storage.mode === 'value'
        ? { mode: 'value', key: step.storage.key, ...(step.storage.map === undefined ? {} : { map: step.storage.map }) }
        : { mode: 'none' };
  const set = step.options === undefined ? undefined : flow.optionSets[step.options];
  const options = set?.map((option): CompiledOption => {
    const labelKey = optionLabelKey(step.options ?? '', option, flow.texts);
    return {
      value: option.value,
      labelKey,
      ...(option.description === undefined ? {} : { descriptionKey: option.description }),
      ...(option.icon === undefined ? {} : { icon: option.icon }),
      englishLabel: english(labelKey),
    };
  });
  // Optional fields are left out rather than set to undefined so the JSON the browser gets stays small.
  return {
    id,
    index,
    screen: step.screen,
    path: `${flow.basePath}/${id}`,
    headingKey: keys.heading,
    ...(keys.subheading === undefined ? {} : { subheadingKey: keys.subheading }),
    ...(keys.info === undefined ? {} : { infoKey: keys.info }),
    ...(options === undefined ? {} : { options }),
    storage,
    ...(step.links === undefined ? {} : { links: step.links.map((l) => ({ labelKey: l.label, to: l.to })) }),
    ...(step.background === undefined ? {} : { background: step.background }),
    ...(step.unitSystem === undefined ? {} : { number: compileNumber(flow, step.unitSystem) }),
    ...(step.optionLayout === undefined ? {} : { optionLayout: step.optionLayout }),
    ...(step.visual === undefined ? {} : { visual: compileVisual(step.visual) }),
    ...(step.selections === undefined ? {} : { selections: step.selections }),
    ...(step.exclusive === undefined ? {} : { exclusive: step.exclusive }),
    ...(step.scale === undefined ? {} : { scale: compileScale(step.scale) }),
    ...(step.dateRange === undefined ? {} : { dateRange: step.dateRange }),
    ...(step.textRules === undefined ? {} : { textRules: compileTextRules(step.textRules) }),
    ...(step.legalNotice === true ? { legalNotice: true } : {}),

    ...(step.confetti === undefined ? {} : { confetti: step.confetti }),
    ...(step.autoAdvanceMs === undefined ? {} : { autoAdvanceMs: step.autoAdvanceMs }),
    ...(step.values === undefined ? {} : { values: step.values }),
    ...(step.when === undefined ? {} : { when: step.when }),
    ...(step.next === undefined ? {} : { next: step.next }),
  };
}

function compileScale(scale: NonNullable<StepDefinition['scale']>): CompiledScale {
  // The middle step, so the thumb starts where no end is suggested.
  const middle = Number((scale.min + Math.round((scale.max - scale.min) / scale.step / 2) * scale.step).toPrecision(12));
  return { min: scale.min, max: scale.max, step: scale.step, default: scale.default ?? middle, minLabelKey: scale.minLabel, maxLabelKey: scale.maxLabel };
}

function compileTextRules(rules: NonNullable<StepDefinition['textRules']>): NonNullable<CompiledStep['textRules']> {
  return {
    maxLength: rules.maxLength,
    ...(rules.pattern === undefined ? {} : { pattern: rules.pattern }),
    ...(rules.patternMessage === undefined ? {} : { patternMessageKey: rules.patternMessage }),
  };
}

function compileNumber(flow: ResolvedFlow, name: string): CompiledNumber {
  const system = flow.unitSystems[name];
  if (system === undefined) throw new Error(`compileFlow: flow "${flow.id}" has no unit system "${name}"`);
  return {
    metric: compileUnit(system.metric),
    ...(system.imperial === undefined ? {} : { imperial: compileUnit(system.imperial) }),
    rangeMessageKey: system.rangeMessage,
    ...(system.enteredKey === undefined ? {} : { enteredKey: system.enteredKey }),
  };
}

function compileUnit(unit: NumberUnitDefinition): CompiledUnit {
  return {
    unit: unit.unit,
    toStored: unit.toStored ?? 1,
    ...(unit.placeholder === undefined ? {} : { placeholder: unit.placeholder }),
    ...(unit.range === undefined ? {} : { range: unit.range }),
    decimals: unit.decimals ?? true,
    ...(unit.composite === undefined ? {} : { composite: unit.composite }),
  };
}

/**
 * A visual for the screens: as declared, the BMI scale with the WHO bands it draws (from engine/bmi-bands.ts
 * at build time, so the screen's chunk needs no engine code for them).
 */
function compileVisual(visual: VisualDefinition): CompiledVisual {
  return visual.kind === 'bmiScale' ? { ...visual, ...BMI_SCALE, bands: bmiScaleBands } : visual;
}
