import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompiledStep } from '../../engine/compiled-flow';
import type { TextValue } from '../../engine/funnel-path';
import { useInterpolatedText } from '../interpolated-text';
import { LegalNotice } from '../legal-notice';

/** Which way the visitor moved to this step: the content slides in from that side. */
export type StepDirection = 'forward' | 'back' | 'none';

interface Props {
  readonly step: CompiledStep;
  readonly headingId: string;
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
 * One step's content below the header: the heading, the screen, and the step's links; a note when the
 * browser keeps nothing (answers live in memory for this visit only). Each step has its own, so each
 * step enters with a short slide and fade (none with reduced motion).
 */
export function StepMain({ step, headingId, focusHeading, answersSurviveReload, direction = 'none', textValues, afterPaint = runNow, children }: Props) {
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
    <main className="step__main" data-direction={direction}>
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
  );
}

function runNow(task: () => void): void {
  task();
}
