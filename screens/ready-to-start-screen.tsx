import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_CONFETTI } from '../engine/compiled-flow';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';
import './ready-to-start.css';

/** Spec section 9, used when the flow does not say. */
const DEFAULT_AUTO_ADVANCE_MS = 3000;
/** canvas-confetti counts a particle's life in animation frames (about 60 per second). */
const FRAMES_PER_SECOND = 60;

type Phase = 'waiting' | 'celebrating' | 'ready';

/**
 * "Tap the circle": confetti for 3 s (800 pieces), then a "Let's go" link; 3 s after the link appears
 * the funnel advances by itself. With reduced motion there is no confetti, the timing stays the same.
 */
export function ReadyToStartScreen({ step, onContinue, nextHref, reducedMotion }: ScreenProps) {
  const { t } = useTranslation('common');
  const [phase, setPhase] = useState<Phase>('waiting');
  const confetti = step.confetti ?? DEFAULT_CONFETTI;
  const autoAdvanceMs = step.autoAdvanceMs ?? DEFAULT_AUTO_ADVANCE_MS;
  // The auto-advance timer calls the latest onContinue without restarting when the parent re-renders.
  const autoAdvance = useEffectEvent(() => {
    onContinue();
  });

  useEffect(() => {
    if (reducedMotion) return;
    // Warm the chunk so the burst starts on the tap, not a network round trip later.
    void import('canvas-confetti').catch(() => undefined);
  }, [reducedMotion]);

  useEffect(() => {
    if (phase !== 'celebrating') return;
    let stopped = false;
    let reset: (() => void) | undefined;
    if (!reducedMotion) {
      void import('canvas-confetti').then(({ default: confettiLibrary }) => {
        if (stopped) return;
        // Own canvas, drawn on the main thread: the default cannon runs in a blob: worker, which the
        // app's Content-Security-Policy (script-src 'self') rightly forbids.
        const fire = confettiLibrary.create(undefined, { resize: true, useWorker: false, disableForReducedMotion: true });
        reset = () => fire.reset();
        void fire({
          particleCount: confetti.pieces,
          spread: 110,
          startVelocity: 45,
          ticks: Math.round((confetti.durationMs / 1000) * FRAMES_PER_SECOND),
          origin: { y: 0.55 },
          disableForReducedMotion: true,
        });
      });
    }
    const timer = setTimeout(() => {
      reset?.();
      setPhase('ready');
    }, confetti.durationMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      reset?.();
    };
  }, [phase, reducedMotion, confetti.pieces, confetti.durationMs]);

  useEffect(() => {
    if (phase !== 'ready') return;
    const timer = setTimeout(() => autoAdvance(), autoAdvanceMs);
    return () => clearTimeout(timer);
  }, [phase, autoAdvanceMs]);

  return (
    <div className="ready-to-start">
      <StepInfo step={step} />
      <button
        type="button"
        className={`ready-to-start__circle ready-to-start__circle--${phase}`}
        onClick={() => setPhase((current) => (current === 'waiting' ? 'celebrating' : current))}
        disabled={phase !== 'waiting'}
      >
        <span>{t(phase === 'waiting' ? 'readyToStart.tap' : 'readyToStart.celebrating')}</span>
      </button>
      <p className="ready-to-start__status" role="status">
        {phase === 'ready' ? (
          <Link
            className="primary-button"
            to={nextHref}
            onClick={(event) => {
              event.preventDefault();
              onContinue();
            }}
          >
            {t('readyToStart.letsGo')}
          </Link>
        ) : null}
      </p>
    </div>
  );
}
