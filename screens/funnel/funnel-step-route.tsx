import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import type { CompiledBackground, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswer } from '../../engine/funnel-answer';
import { FUNNEL_EXITED, funnelStateOf } from '../../engine/funnel-machine';
import { answerUnit, initialUnitSystem } from '../../engine/answer-storage';
import type { StepLoaderData } from '../app-routes';
import { usePageArea, useFunnelArea, useTelemetryArea } from '../areas/area-contexts';
import type { PageArea } from '../../services/page/page-area';
import { LoadingSpinner } from '../loading-spinner';
import { screenRegistry } from '../screen-registry';
import { optionIconSize, prefetchIcon } from '../option-icon';
import { StepLayout, type StepDirection } from './step-layout';
import { WIDE_BACKGROUND_QUERY } from './step-background';
import { wideImagePath } from '../../engine/wide-image-path';
import { iconForGender } from '../../engine/icon-for-gender';
import { previousStepPath, stepHistoryState } from './step-history';
import { likelyNextStep, pathProgress, textValues } from '../../engine/funnel-path';
import { useTranslation } from 'react-i18next';
import { warmTextFormatting } from './warm-text-formatting';

/**
 * One funnel step: the screen of the step's kind inside the step layout. The route's loader already
 * moved the machine to this step; here answers are sent to the machine and, when it moves, the URL
 * follows (push), so browser back and forward walk the steps. The in-app back is a history step back
 * when the previous entry is the previous step (see step-history.ts).
 */
export function FunnelStepRoute() {
  const { runtime, stepId } = useLoaderData<StepLoaderData>();
  const { flow, actor } = runtime;
  const step = runtime.step(stepId);
  if (!step) throw new Error(`Step "${stepId}" vanished from flow "${flow.id}"`);
  const { afterStepPainted, whenIdle, prefersReducedMotion } = usePageArea();
  const funnelArea = useFunnelArea();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  // Whatever a previous navigation stored; stepHistoryState's readers check its shape.
  const historyState: unknown = location.state;

  const follow = useCallback(() => {
    const value = funnelStateOf(actor.getSnapshot());
    if (value === FUNNEL_EXITED) {
      void navigate(`${flow.exit}${search}`, { state: stepHistoryState(step.path) });
      return;
    }
    const target = runtime.step(value);
    if (target && target.id !== stepId) void navigate(`${target.path}${search}`, { state: stepHistoryState(step.path) });
  }, [actor, flow.exit, navigate, runtime, search, step.path, stepId]);

  const onAnswer = useCallback(
    (answer: FunnelAnswer) => {
      actor.send({ type: 'ANSWER', stepId, answer });
      follow();
    },
    [actor, follow, stepId],
  );
  const onContinue = useCallback(() => {
    actor.send({ type: 'CONTINUE', stepId });
    follow();
  }, [actor, follow, stepId]);
  const onBack = useCallback(() => {
    actor.send({ type: 'BACK' });
    const target = runtime.step(funnelStateOf(actor.getSnapshot()));
    if (!target || target.id === stepId) return;
    // A pushed entry for the previous step would make the browser's back (and iOS swipe-back) go
    // forward again. When the entry before this one is that step, step back in history; otherwise
    // (deep link, a redirect) replace this entry, which keeps whatever came before it.
    if (previousStepPath(historyState) === target.path) void navigate(-1);
    else void navigate(`${target.path}${search}`, { replace: true, state: historyState });
  }, [actor, historyState, navigate, runtime, search, stepId]);
  const canSubmit = useCallback((answer: FunnelAnswer) => actor.getSnapshot().can({ type: 'ANSWER', stepId, answer }), [actor, stepId]);

  // The answers when this render runs: after BACK or a changed answer the path (and so what follows
  // and the step count) is the machine's, read here rather than subscribed (see `open` below).
  const answersNow = actor.getSnapshot().context.answers;
  const next = likelyNextStep(flow, step, answersNow, runtime.env);
  const nextHref = `${next ? next.path : flow.exit}${search}`;
  const gender = funnelArea.funnelStorage.read('gender');
  const background = backgroundFor(step.background, gender);
  usePrefetchNext(next, gender, afterStepPainted);

  // Fixed when a step opens (React's "adjust state when a prop changes" pattern, no ref read in render):
  // the answer it had then, which it shows again (not a subscription: the step being left would render
  // again on the answer, time the visitor waits for the next question); the unit a measurement screen
  // starts in, because submitting writes storage, which must not flip the toggle mid-step; and whether
  // focus moves to the heading, which it does on every step this route instance shows but the first
  // (the page load's step keeps the browser's own focus).
  // The direction of the move (from the steps' positions) picks the side the new content slides in from.
  const open = (focusHeading: boolean, direction: StepDirection): OpenedStep => {
    const previousAnswer = actor.getSnapshot().context.answers[stepId];
    const initialUnit = initialUnitSystem(answerUnit(previousAnswer), funnelArea.funnelStorage.read('useMetricOrImperial'), funnelArea.browserLanguage(), flow.imperialRegions);
    return { stepId, index: step.index, previousAnswer, initialUnit, focusHeading, direction };
  };
  const [opened, setOpened] = useState<OpenedStep>(() => open(false, 'none'));
  if (opened.stepId !== stepId) setOpened(open(true, step.index >= opened.index ? 'forward' : 'back'));

  // A flow with texts of its own namespace (flows/examples/sleep.yaml: `sleep`) suspends here until that
  // file is loaded; the spec's flows use only the preloaded ones, so nothing waits for them.
  const { i18n } = useTranslation(flow.namespaces);
  const { startTelemetry } = useTelemetryArea();
  const onPainted = useCallback(() => {
    startTelemetry();
    warmTextFormatting(i18n, whenIdle);
  }, [startTelemetry, whenIdle, i18n]);

  const { Component } = screenRegistry[step.screen];
  const headingId = `step-heading-${step.id}`;
  const progress = pathProgress(flow, step, answersNow, runtime.env);
  const values = step.values === undefined ? {} : { textValues: textValues(flow, step, answersNow, runtime.env) };

  return (
    <StepLayout
      step={step}
      headingId={headingId}
      progress={progress}
      background={background}
      onBack={step.index > 0 ? onBack : undefined}
      focusHeading={opened.focusHeading}
      afterPaint={afterStepPainted}
      direction={opened.direction}
      answersSurviveReload={funnelArea.answersSurviveReload}
      {...values}
    >
      <Suspense fallback={<LoadingSpinner />}>
        <Component
          step={step}
          headingId={headingId}
          previousAnswer={opened.previousAnswer}
          canSubmit={canSubmit}
          onAnswer={onAnswer}
          onContinue={onContinue}
          nextHref={nextHref}
          initialUnit={opened.initialUnit}
          gender={gender}
          reducedMotion={prefersReducedMotion()}
          {...(runtime.env.today === undefined ? {} : { today: runtime.env.today })}
          {...values}
        />
        <StepPainted onPainted={onPainted} />
      </Suspense>
    </StepLayout>
  );
}



/** What is fixed when a step opens (see FunnelStepRoute). */
interface OpenedStep {
  readonly stepId: string;
  readonly index: number;
  readonly previousAnswer: FunnelAnswer | undefined;
  readonly initialUnit: ReturnType<typeof initialUnitSystem>;
  readonly focusHeading: boolean;
  readonly direction: StepDirection;
}

/**
 * Mounts with the step's screen (same Suspense boundary, so not before its lazy chunk arrived) and
 * calls back after the browser painted it: the point where telemetry may start loading without
 * competing with the first step.
 */
function StepPainted({ onPainted }: { readonly onPainted: () => void }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the callback runs after the frame with the step has been presented.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(onPainted, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [onPainted]);
  return null;
}

/** v2: the female or male image from the stored gender (female when unknown), or the shared one. */
export function backgroundFor(background: CompiledBackground | undefined, gender: string | null): string | undefined {
  if (!background) return undefined;
  if ('all' in background) return background.all;
  return gender === 'male' ? background.male : background.female;
}

/**
 * Fetch the next step's screen chunk, its background image (the crop this viewport shows) and its
 * option icons while the visitor reads this one, so the next step appears complete. Only once this step
 * has painted: on the page's first step after the root spinner (until then the visitor cannot leave the
 * step, and the bandwidth belongs to what paints it).
 */
function usePrefetchNext(next: CompiledStep | undefined, gender: string | null, afterStepPainted: PageArea['afterStepPainted']): void {
  useEffect(() => {
    if (!next || import.meta.env.NEXT_STEP_PREFETCH === false) return;
    let cancelled = false;
    // After the paint too: a step entered by a tap runs this effect before the browser paints it.
    afterStepPainted(() => {
      if (cancelled) return;
      // For the bench: it checks the device applies (bench/first-paint-devices-bench.ts).
      performance.mark('next-step-prefetch');
      screenRegistry[next.screen].preload();
      const image = backgroundFor(next.background, gender);
      if (image) new Image().src = window.matchMedia(WIDE_BACKGROUND_QUERY).matches ? wideImagePath(image) : image;
      for (const option of next.options ?? []) {
        const icon = iconForGender(option.icon, gender);
        if (icon) prefetchIcon(icon, optionIconSize(next.optionLayout));
      }
    });
    return () => {
      cancelled = true;
    };
  }, [next, gender, afterStepPainted]);
}
