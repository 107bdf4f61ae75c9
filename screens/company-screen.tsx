import { useTranslation } from 'react-i18next';
import type { ScreenProps } from './screen-props';
import { AwardBadge } from './award-badge';
import { StarRating } from './star-rating';
import { StepInfo } from './step-info';
import './company-screen.css';

/**
 * Social proof, as declared on the step in the flow YAML: the store rating with its stars and how many
 * ratings it averages, the award badges, the active-subscriber count, Continue.
 */
export function CompanyScreen({ step, onContinue }: ScreenProps) {
  const { t, i18n } = useTranslation('common');
  const stars = step.rating ?? step.stars ?? 5;
  return (
    <form
      className="screen-form company"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <input type="hidden" name="answer" value="continue" />
      <div className="company__rating">
        {step.rating === undefined ? null : (
          <p className="company__score" aria-hidden="true">
            {new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(step.rating)}
          </p>
        )}
        <div className="company__stars">
          <StarRating stars={stars} />
          {step.reviewCount === undefined ? null : <p className="company__reviews">{t('company.reviews', { value: step.reviewCount })}</p>}
        </div>
      </div>
      {step.badges?.length ? (
        <div className="company__badges">
          {step.badges.map((badge) => (
            <AwardBadge key={badge.titleKey} subtitle={t(badge.subtitleKey)} title={t(badge.titleKey)} />
          ))}
        </div>
      ) : null}
      {step.subscriberCount ? <p className="company__subscribers">{t('company.subscribers', { count: step.subscriberCount })}</p> : null}
      <StepInfo step={step} />
      <button type="submit" className="primary-button">
        {t('continue')}
      </button>
    </form>
  );
}
