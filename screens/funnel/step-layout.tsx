import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompiledStep } from '../../engine/compiled-flow';
import { ProgressIndicator } from './progress-indicator';

interface Props {
  readonly step: CompiledStep;
  readonly headingId: string;
  readonly progress: { readonly current: number; readonly total: number } | undefined;
  /** v2 full-screen image. */
  readonly background: string | undefined;
  readonly onBack: (() => void) | undefined;
  /** Move focus to the heading on arrival (every step but the page's first), so screen readers announce it. */
  readonly focusHeading: boolean;
  /** The browser refused storage: say that answers will not survive a reload. */
  readonly answersSurviveReload: boolean;
  readonly children: ReactNode;
}

/**
 * The frame of every step: back button, progress, the heading, the screen, and the step's links; a
 * note when the browser keeps nothing (answers live in memory for this visit only).
 */
export function StepLayout({ step, headingId, progress, background, onBack, focusHeading, answersSurviveReload, children }: Props) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div className={background ? 'step step--with-background' : 'step'}>
      {background ? <img className="step__background" src={background} alt="" aria-hidden="true" /> : null}
      <header className="step__header">
        {onBack ? (
          <button type="button" className="step__back" onClick={onBack} aria-label={t('common:back')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : (
          <span className="step__back-placeholder" />
        )}
        {progress ? <ProgressIndicator current={progress.current} total={progress.total} /> : null}
      </header>
      <main className="step__main">
        {answersSurviveReload ? null : (
          <p className="step__note" role="note">
            {t('common:storageNote')}
          </p>
        )}
        <h1 id={headingId} ref={headingRef} tabIndex={-1} className="step__heading">
          {t(step.headingKey)}
        </h1>
        {step.subheadingKey ? <p className="step__subheading">{t(step.subheadingKey)}</p> : null}
        {children}
        {step.links?.length ? (
          <nav className="step__links" aria-label={t('common:stepLinks')}>
            {step.links.map((link) => (
              <Link key={link.to} to={link.to}>
                {t(link.labelKey)}
              </Link>
            ))}
          </nav>
        ) : null}
      </main>
    </div>
  );
}
