import { useTranslation } from 'react-i18next';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';

/** An information step: the text and a Continue button that posts the hidden "continue" answer. */
export function InfoScreen({ step, onContinue }: ScreenProps) {
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
      <StepInfo step={step} />
      <button type="submit" className="primary-button">
        {t('continue')}
      </button>
    </form>
  );
}
