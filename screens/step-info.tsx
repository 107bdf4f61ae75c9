import { useTranslation } from 'react-i18next';
import type { CompiledStep } from '../engine/compiled-flow';

/**
 * The step's info text (why we ask), when the flow gives one. `values` fill its placeholders, formatted
 * for the visitor's language by i18next (`{{bmi, number}}`, `{{goalDate, datetime}}`); a date is a
 * calendar day, so it is shown in UTC, the zone it was made in, as a long date.
 */
export function StepInfo({ step, values = {} }: { readonly step: CompiledStep; readonly values?: Readonly<Record<string, string | number | Date>> }) {
  const { t } = useTranslation();
  if (!step.infoKey) return null;
  const formatParams = Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (value instanceof Date ? [[name, { dateStyle: 'long', timeZone: 'UTC' }]] : [])),
  );
  return <p className="step-info">{t(step.infoKey, { ...values, formatParams })}</p>;
}
