import type { CompiledStep } from '../engine/compiled-flow';
import type { TextValue } from '../engine/funnel-path';
import { useInterpolatedText } from './interpolated-text';

/**
 * The step's info text (why we ask), when the flow gives one. `values` fill its placeholders, formatted
 * for the visitor's language and units (screens/interpolated-text.ts).
 */
export function StepInfo({ step, values }: { readonly step: CompiledStep; readonly values?: Readonly<Record<string, TextValue>> }) {
  const text = useInterpolatedText(values);
  if (!step.infoKey) return null;
  return <p className="step-info">{text(step.infoKey)}</p>;
}
