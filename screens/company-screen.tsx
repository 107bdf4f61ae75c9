import { useTranslation } from 'react-i18next';
import type { ScreenProps } from './screen-props';
import { AwardBadge } from './award-badge';
import { StarRating } from './star-rating';
import { StepInfo } from './step-info';

/** Social proof: two award badges, the active-subscriber count, the stars, Continue. */
export function CompanyScreen({ step, onContinue }: ScreenProps) {
  const { t } = useTranslation('common');
  return (
    <form
      className="screen-form company"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <input type="hidden" name="answer" value="continue" />
      <div className="company__badges">
        <AwardBadge subtitle={t('company.appOfTheYear.subtitle')} title={t('company.appOfTheYear.title')} />
        <AwardBadge subtitle={t('company.editorsChoice.subtitle')} title={t('company.editorsChoice.title')} />
      </div>
      {step.subscriberCount ? (
        <p className="company__subscribers">{t('company.subscribers', { count: step.subscriberCount })}</p>
      ) : null}
      <StarRating stars={step.stars ?? 5} />
      <StepInfo step={step} />
      <button type="submit" className="primary-button">
        {t('continue')}
      </button>
    </form>
  );
}
