import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './star-rating.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * A row of stars, announced as "Rated n out of 5". A fractional rating (4.5) draws its last star
 * partly filled; the drawing is decoration, the label carries the number.
 */
export function StarRating({ stars }: { readonly stars: number }) {
  const { t } = useTranslation('common');
  const gradientId = useId();
  const slots = Math.ceil(stars);
  const lastFill = stars - Math.floor(stars);
  return (
    <div className="star-rating" role="img" aria-label={t('company.rating', { count: stars, max: 5 })}>
      {Array.from({ length: slots }, (_, index) => {
        const partial = index === slots - 1 && lastFill > 0;
        return (
          <svg key={index} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {partial ? (
              <defs>
                {/* Reading direction does not flip the fill: ratings read the same in Arabic apps. */}
                <linearGradient id={gradientId}>
                  <stop offset={lastFill} stopColor="currentColor" />
                  <stop offset={lastFill} style={{ stopColor: "var(--color-border-strong)" }} />
                </linearGradient>
              </defs>
            ) : null}
            <path d={STAR} fill={partial ? `url(#${gradientId})` : 'currentColor'} />
          </svg>
        );
      })}
    </div>
  );
}
