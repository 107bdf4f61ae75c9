import { useTranslation } from 'react-i18next';
import { InfoVisual } from './info-visual';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';

/** An information step: its chart or illustration, the text and a Continue button that posts the hidden "continue" answer. */
export function InfoScreen({ step, onContinue, textValues }: ScreenProps) {
  const { t } = useTranslation('common');
  return (
    <form
      className="screen-form"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <input type="hidden" name="answer" value="continue" />
      {step.visual ? <InfoVisual visual={step.visual} {...(textValues === undefined ? {} : { values: textValues })} /> : null}
      <StepInfo step={step} {...(textValues === undefined ? {} : { values: textValues })} />
      <button type="submit" className="primary-button">
        {t('continue')}
      </button>
    </form>
  );
}
