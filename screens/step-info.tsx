import { useTranslation } from 'react-i18next';
import type { CompiledStep } from '../engine/compiled-flow';

/** The step's info text (why we ask), when the flow gives one. */
export function StepInfo({ step }: { readonly step: CompiledStep }) {
  const { t } = useTranslation();
  return step.infoKey ? <p className="step-info">{t(step.infoKey)}</p> : null;
}
