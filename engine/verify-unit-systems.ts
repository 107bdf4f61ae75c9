import type { FlowDiagnostic, FlowPath } from './flow-error.ts';
import type { NumberUnitDefinition, ResolvedFlow } from './flow-schema.ts';
import type { ResolvedFlowSource } from './resolve-flow.ts';
import { didYouMean } from './suggest-name.ts';
import type { TranslationCatalog } from './translation-catalog.ts';

type Locator = ResolvedFlowSource['locator'];

/**
 * The rules of a unit system (`unitSystems.<name>`) that its schema cannot express, checked for the
 * systems the order's number steps use:
 * - every unit is known: it has a label `common:units.<unit>` in the English files (with "did you
 *   mean" among the labels there); a composite also has its major and minor labels, the value text
 *   `common:units.<unit>Value` and the "not a number" message `common:numbers.<unit>`;
 * - every unit has a placeholder (the example in the empty field);
 * - the metric unit is the stored unit (no `toStored` but 1) and has a range (conditions compare in
 *   it); the imperial unit says how many stored units one of it is;
 * - the out-of-range message exists.
 * Zero or negative factors and ranges whose min is not below max are the schema's (flow-schema.ts).
 */
export function verifyUnitSystem(flow: ResolvedFlow, name: string, translations: TranslationCatalog, locator: Locator, out: FlowDiagnostic[]): void {
  const system = flow.unitSystems[name];
  if (system === undefined) return;
  const at = (...rest: (string | number)[]): FlowPath => ['unitSystems', name, ...rest];
  const known = translations.namesUnder('common:units');
  const requireUnit = (unit: string, path: FlowPath): void => {
    if (!translations.has(`common:units.${unit}`)) {
      out.push(locator.at(path, `unknown unit "${unit}"${didYouMean(unit, known)}: a unit needs its label "units.${unit}" in ${translations.fileFor('common:units')} (known: ${known.join(', ')})`));
    }
  };
  const requireText = (key: string, path: FlowPath, what: string): void => {
    if (!translations.has(key)) out.push(locator.at(path, `${what} "${key}" not found in ${translations.fileFor(key)}: add it there (and in every language)`));
  };
  const verifySide = (side: 'metric' | 'imperial', unit: NumberUnitDefinition): void => {
    requireUnit(unit.unit, at(side, 'unit'));
    if (unit.placeholder === undefined) {
      out.push(locator.at(at(side), `missing placeholder: add "placeholder: <number>", the example shown in the empty field, in ${unit.composite?.minor ?? unit.unit}`));
    }
    if (unit.composite !== undefined) {
      requireUnit(unit.composite.major, at(side, 'composite', 'major'));
      requireUnit(unit.composite.minor, at(side, 'composite', 'minor'));
      requireText(`common:units.${unit.unit}Value`, at(side, 'unit'), `the text of a ${unit.unit} value ({{major}}, {{minor}})`);
      requireText(`common:numbers.${unit.unit}`, at(side, 'unit'), `the message for ${unit.unit} that is no number`);
    }
  };
  verifySide('metric', system.metric);
  if (system.metric.toStored !== undefined && system.metric.toStored !== 1) {
    out.push(locator.at(at('metric', 'toStored'), 'the metric unit is the stored unit: remove "toStored" (it is 1)'));
  }
  if (system.metric.range === undefined) {
    out.push(locator.at(at('metric'), `missing range: add "range: { min, max }", the plausible values in ${system.metric.unit} (conditions compare answers in it)`));
  }
  if (system.imperial !== undefined) {
    verifySide('imperial', system.imperial);
    if (system.imperial.toStored === undefined) {
      out.push(locator.at(at('imperial'), `missing toStored: add how many ${system.metric.unit} one ${system.imperial.composite?.minor ?? system.imperial.unit} is, e.g. "toStored: 2.54"`));
    }
  }
  requireText(system.rangeMessage, at('rangeMessage'), 'the out-of-range message');
}
