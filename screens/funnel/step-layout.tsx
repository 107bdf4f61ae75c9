import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompiledStep } from '../../engine/compiled-flow';
import type { TextValue } from '../../engine/funnel-path';
import { useInterpolatedText } from '../interpolated-text';
import { Wordmark } from '../brand/wordmark';
import { LegalNotice } from '../legal-notice';
import { ProgressIndicator } from './progress-indicator';
import { StepBackground } from './step-background';

/** Which way the visitor moved to this step: the content slides in from that side. */
export type StepDirection = 'forward' | 'back' | 'none';

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
  readonly direction?: StepDirection;
  /** info: the values its heading and subheading interpolate (YAML `values:`). */
  readonly textValues?: Readonly<Record<string, TextValue>>;
  /** Runs a task once the step has painted (the page area's `afterStepPainted`); at once by default. */
  readonly afterPaint?: (task: () => void) => void;
  readonly children: ReactNode;
}

/**
 * The frame of every step: the header (back button, logo, progress), the heading, the screen, and the
 * step's links; a note when the browser keeps nothing (answers live in memory for this visit only).
 * The header stays mounted from step to step, so the progress bar animates; the content below it is
 * keyed by step, so each step enters with a short slide and fade (none with reduced motion).
 * Phones: one column; with a v2 background the content sits on a sheet below the image. Desktops: a
 * centred card over the canvas or over the full-viewport image (app.css).
 */
export function StepLayout({ step, headingId, progress, background, onBack, focusHeading, answersSurviveReload, direction = 'none', textValues, afterPaint = runNow, children }: Props) {
  const { t } = useTranslation();
  const text = useInterpolatedText(textValues);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!focusHeading) return;
    let cancelled = false;
    // After the step has painted: focus forces a style and layout pass, which the new step's first
    // frame would otherwise wait for (a tap's time, decision 0258).
    afterPaint(() => {
      const heading = headingRef.current;
      if (cancelled || heading === null) return;
      // Never take focus back from a control of this step the visitor has already reached (a late run
      // would send a keyboard user back to the heading).
      const active = document.activeElement;
      if (active !== null && active !== heading && heading.closest('main')?.contains(active) === true) return;
      heading.focus();
    });
    return () => {
      cancelled = true;
    };
  }, [focusHeading, step.id, afterPaint]);

  return (
    <div className={background ? 'step step--with-background' : 'step'}>
      {background ? <StepBackground image={background} /> : null}
      <div className="step__sheet">
        <header className="step__header">
          <div className="step__bar">
            {onBack ? (
              <button type="button" className="step__back" onClick={onBack} aria-label={t('common:back')}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : (
              <span className="step__back-placeholder" />
            )}
            <Wordmark className="step__logo" />
            <span className="step__back-placeholder" />
          </div>
          {progress ? <ProgressIndicator current={progress.current} total={progress.total} /> : null}
        </header>
        <main key={step.id} className="step__main" data-direction={direction}>
          {answersSurviveReload ? null : (
            <p className="step__note" role="note">
              {t('common:storageNote')}
            </p>
          )}
          <h1 id={headingId} ref={headingRef} tabIndex={-1} className="step__heading">
            {text(step.headingKey)}
          </h1>
          {step.subheadingKey ? <p className="step__subheading">{text(step.subheadingKey)}</p> : null}
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
          {step.legalNotice ? <LegalNotice at="start" /> : null}
        </main>
      </div>
    </div>
  );
}

function runNow(task: () => void): void {
  task();
}
