import type { ReactNode } from 'react';
import { BackChevron } from '../brand/back-chevron';
import { useTranslation } from 'react-i18next';
import { Wordmark } from '../brand/wordmark';
import { ProgressIndicator } from './progress-indicator';
import { StepBackground } from './step-background';

interface Props {
  readonly progress: { readonly current: number; readonly total: number } | undefined;
  /** v2 full-screen image. */
  readonly background: string | undefined;
  readonly onBack: (() => void) | undefined;
  /** The step's content (`StepMain`, or the funnel's slot it is moved into). */
  readonly children: ReactNode;
}

/**
 * What stays from step to step: the background, the sheet and the header (back button, logo,
 * progress), so the progress bar animates; the step's own content (`StepMain`) goes below the header.
 * Phones: one column; with a v2 background the content sits on a sheet below the image. Desktops: a
 * centred card over the canvas or over the full-viewport image (app.css).
 */
export function StepFrame({ progress, background, onBack, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className={background ? 'step step--with-background' : 'step'}>
      {background ? <StepBackground image={background} /> : null}
      <div className="step__sheet">
        <header className="step__header">
          <div className="step__bar">
            {onBack ? (
              <button type="button" className="step__back" onClick={onBack} aria-label={t('common:back')}>
                <BackChevron />
              </button>
            ) : (
              <span className="step__back-placeholder" />
            )}
            <Wordmark className="step__logo" />
            <span className="step__back-placeholder" />
          </div>
          {progress ? <ProgressIndicator current={progress.current} total={progress.total} /> : null}
        </header>
        {children}
      </div>
    </div>
  );
}
