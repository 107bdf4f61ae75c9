import { useTranslation } from 'react-i18next';
import type { TextValue } from '../engine/funnel-path';
import type { TypedQuantity } from '../engine/number-answer-check';

/**
 * The translation function of an info step's texts (heading, info text, visual labels) with the step's
 * values filled in, formatted for the visitor's language: numbers by i18next (`{{bmi, number}}`), a
 * calendar day shown in UTC, the zone it was made in, as a long date (`{{goalDate, datetime}}`), and a
 * number with its unit in the unit the visitor typed it in (`{{goalWeight}}`: "70 kg", "154 lb",
 * "5 ft 7 in", digits of the language), and a term (the BMI band) translated. Without values it is the
 * plain translation function.
 */
export function useInterpolatedText(values: Readonly<Record<string, TextValue>> | undefined): (key: string) => string {
  const { t, i18n } = useTranslation();
  if (values === undefined) return (key) => t(key);
  const shown: Record<string, string | number | Date> = {};
  const formatParams: Record<string, Intl.DateTimeFormatOptions> = {};
  let number: Intl.NumberFormat | undefined;
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof Date) formatParams[name] = { dateStyle: 'long', timeZone: 'UTC' };
    if (typeof value !== 'object' || value instanceof Date) {
      shown[name] = value;
      continue;
    }
    if (value.kind === 'term') {
      shown[name] = t(value.key);
      continue;
    }
    number ??= new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    shown[name] = quantityText(value, number, (key, options = {}) => t(key, options));
  }
  return (key) => t(key, { ...shown, formatParams });
}

function quantityText(quantity: TypedQuantity, number: Intl.NumberFormat, t: (key: string, options?: Record<string, string>) => string): string {
  if (quantity.per === undefined) return `${number.format(quantity.amount)} ${t(`common:units.${quantity.unit}`)}`;
  // A tiny tolerance keeps 72 in from showing as 5 ft 12 in after float noise.
  const major = Math.floor(quantity.amount / quantity.per + 1e-9);
  const minor = Math.max(0, quantity.amount - major * quantity.per);
  return t(`common:units.${quantity.unit}Value`, { major: number.format(major), minor: number.format(minor) });
}
