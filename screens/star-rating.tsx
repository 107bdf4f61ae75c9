import { useTranslation } from 'react-i18next';

/** A row of filled stars, announced as "Rated n out of 5". */
export function StarRating({ stars }: { readonly stars: number }) {
  const { t } = useTranslation('common');
  return (
    <div className="star-rating" role="img" aria-label={t('company.rating', { count: stars, max: 5 })}>
      {Array.from({ length: stars }, (_, index) => (
        <svg key={index} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="currentColor" />
        </svg>
      ))}
    </div>
  );
}
