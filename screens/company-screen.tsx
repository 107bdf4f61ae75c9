import { useTranslation } from 'react-i18next';
import socialProof from 'virtual:social-proof';
import type { ScreenProps } from './screen-props';
import { AwardBadges } from './award-badges';
import { StarRating } from './star-rating';
import { StepInfo } from './step-info';
import './company-screen.css';

/**
 * Social proof, from config/social-proof.yaml (the figures the plans page shows too): the stores'
 * combined rating with its stars and how many ratings it averages, the award badges, the
 * active-subscriber count, Continue.
 */
export function CompanyScreen({ step, onContinue }: ScreenProps) {
  const { t, i18n } = useTranslation('common');
  const { rating, ratings } = socialProof.overallRating;
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
        <p className="company__score" aria-hidden="true">
          {new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating)}
        </p>
        <div className="company__stars">
          <StarRating stars={rating} />
          <p className="company__reviews">{t('company.reviews', { value: ratings })}</p>
        </div>
      </div>
      <AwardBadges className="company__badges" />
      <p className="company__subscribers">{t('company.subscribers', { count: socialProof.activeSubscribers })}</p>
      <StepInfo step={step} />
      <button type="submit" className="primary-button">
        {t('continue')}
      </button>
    </form>
  );
}
