import { useTranslation } from 'react-i18next';

/**
 * "Step n of N" as text and as a progressbar, so both sighted and screen-reader users get it. It stays
 * mounted across steps (the step layout's header is not keyed by step), so the fill glides from one
 * value to the next (a transform transition; none with reduced motion).
 */
export function ProgressIndicator({ current, total }: { readonly current: number; readonly total: number }) {
  const { t } = useTranslation('common');
  const label = t('progress', { current, total });
  return (
    <div className="progress">
      <div
        className="progress__bar"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={label}
        aria-label={t('progressLabel')}
      >
        <div className="progress__fill" style={{ transform: `scaleX(${current / total})` }} />
      </div>
      <p className="progress__text" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
