import { Activity, memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLoaderData, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import type { CompiledBackground, CompiledStep } from '../../engine/compiled-flow';
import type { FunnelAnswer } from '../../engine/funnel-answer';
import { FUNNEL_EXITED, funnelStateOf } from '../../engine/funnel-machine';
import { answerUnit, initialUnitSystem } from '../../engine/answer-storage';
import type { StepLoaderData } from '../app-routes';
import type { FlowRuntime } from './flow-runtime';
import { usePageArea, useFunnelArea, useTelemetryArea } from '../areas/area-contexts';
import { LoadingSpinner } from '../loading-spinner';
import { screenRegistry } from '../screen-registry';
import { optionIconSize, prefetchIcon } from '../option-icon';
import { StepFrame } from './step-frame';
import { StepMain, type StepDirection } from './step-main';
import { WIDE_BACKGROUND_QUERY } from './step-background';
import { wideImagePath } from '../../engine/wide-image-path';
import { iconDependsOnGender, iconForGender } from '../../engine/icon-for-gender';
import { previousStepPath, stepHistoryState } from './step-history';
import { likelyNextStep, pathProgress, textValues, type TextValue } from '../../engine/funnel-path';
import { useTranslation } from 'react-i18next';
import { warmTextFormatting } from './warm-text-formatting';

/**
 * One funnel step: the screen of the step's kind inside the step frame. The route's loader already
 * moved the machine to this step; here answers are sent to the machine and, when it moves, the URL
 * follows (push), so browser back and forward walk the steps. The in-app back is a history step back
 * when the previous entry is the previous step (see step-history.ts).
 *
 * The frame (header, progress) stays; each step's content is a page of its own. Once a step has
 * painted, the likely next step's page is rendered ahead, hidden and off the page, so a tap only moves
 * it in (decision 0259): React renders it at idle priority inside a hidden `<Activity>` (no effects
 * until it shows) into a container outside the document (no style, layout or paint, and no tool or
 * assistive technology sees it). The page of the load renders in place: the build-time render and
 * hydration know no portals.
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

  // The answers when this render runs: after BACK or a changed answer the path (and so what follows
  // and the step count) is the machine's, read here rather than subscribed (see `open` below).
  const answersNow = actor.getSnapshot().context.answers;
  const gender = funnelArea.funnelStorage.read('gender');

  // Fixed when a step's page is made (React's "adjust state when a prop changes" pattern, no ref read in
  // render): the answer the step had then, which it shows again (not a subscription: the step being
  // left would render again on the answer, time the visitor waits for the next question); and the unit
  // a measurement screen starts in, because submitting writes storage, which must not flip the toggle
  // mid-step. A page rendered ahead is used only if both are still the same when the step opens.
  const open = (target: CompiledStep): OpenedStep => {
    const previousAnswer = actor.getSnapshot().context.answers[target.id];
    const initialUnit = initialUnitSystem(answerUnit(previousAnswer), funnelArea.funnelStorage.read('useMetricOrImperial'), funnelArea.browserLanguage(), flow.imperialRegions);
    return { previousAnswer, initialUnit };
  };
  const [pages, setPages] = useState<StepPages>(() => ({ made: 1, current: { key: `${stepId}:0`, stepId, container: undefined, opened: open(step), direction: 'none' } }));
  if (pages.current.stepId !== stepId) {
    const before = runtime.step(pages.current.stepId);
    setPages(arrive(pages, step, open(step), before === undefined || step.index >= before.index ? 'forward' : 'back'));
  }

  const next = likelyNextStep(flow, step, answersNow, runtime.env);
  const currentKey = pages.current.key;
  useEffect(() => {
    let cancelled = false;
    // After the paint: a step entered by a tap runs this effect before the browser paints it, and until
    // a page load's first step has painted the bandwidth and the main thread belong to it.
    afterStepPainted(() => {
      if (cancelled) return;
      if (next && import.meta.env.NEXT_STEP_PREFETCH !== false) prefetchStep(next, gender);
      // When the page is idle: a tap held before the app started is replayed right after the first
      // paint, and the page ahead must not delay it.
      whenIdle(() => {
        if (cancelled) return;
        const ahead = next && import.meta.env.NEXT_STEP_PRERENDER !== false && screenRegistry[next.screen].renderAhead !== false ? next : undefined;
        setPages((now) => (now.current.key === currentKey ? prepare(now, ahead, ahead && open(ahead)) : now));
      }, PREPARE_TIMEOUT_MS);
    });
    return () => {
      cancelled = true;
    };
    // `open` reads the machine and storage when the callback runs; it is no input of its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentKey, next, gender, afterStepPainted, whenIdle]);

  // A flow with texts of its own namespace (flows/examples/sleep.yaml: `sleep`) suspends here until that
  // file is loaded; the spec's flows use only the preloaded ones, so nothing waits for them.
  const { i18n } = useTranslation(flow.namespaces);
  const { startTelemetry } = useTelemetryArea();
  const onPainted = useCallback(() => {
    startTelemetry();
    warmTextFormatting(i18n, whenIdle);
  }, [startTelemetry, whenIdle, i18n]);

  const page = (shown: StepPage, mode: 'visible' | 'hidden'): ReactNode => {
    const pageStep = runtime.step(shown.stepId);
    if (!pageStep) return null;
    const after = likelyNextStep(flow, pageStep, answersNow, runtime.env);
    const content = (
      <Activity mode={mode} key={shown.key}>
        <FunnelStepPage
          runtime={runtime}
          step={pageStep}
          navigate={navigate}
          search={search}
          opened={shown.opened}
          // Every page but the load's (it keeps the browser's own focus) moves focus to its heading.
          focusHeading={shown.container !== undefined}
          direction={shown.direction}
          nextHref={`${after ? after.path : flow.exit}${search}`}
          textValues={pageStep.values === undefined ? undefined : textValues(flow, pageStep, answersNow, runtime.env)}
          gender={genderShown(pageStep, gender)}
          reducedMotion={prefersReducedMotion()}
          today={runtime.env.today}
          answersSurviveReload={funnelArea.answersSurviveReload}
          afterPaint={afterStepPainted}
          onPainted={onPainted}
        />
      </Activity>
    );
    return shown.container === undefined ? content : createPortal(content, shown.container, shown.key);
  };

  const { current, left, ahead } = pages;
  return (
    <>
      <StepFrame progress={pathProgress(flow, step, answersNow, runtime.env)} background={backgroundFor(step.background, gender)} onBack={step.index > 0 ? onBack : undefined}>
        {current.container === undefined ? page(current, 'visible') : <StepSlot container={current.container} />}
      </StepFrame>
      {current.container === undefined ? null : page(current, 'visible')}
      {left ? page(left, 'hidden') : null}
      {ahead ? page(ahead, 'hidden') : null}
    </>
  );
}

/** The longest a page ahead waits for an idle moment (ms): well before a visitor's next tap. */
const PREPARE_TIMEOUT_MS = 300;

/** What is fixed when a step's page is made (see FunnelStepRoute). */
interface OpenedStep {
  readonly previousAnswer: FunnelAnswer | undefined;
  readonly initialUnit: ReturnType<typeof initialUnitSystem>;
}

/** One step's content: in place (the page of the load) or in a container of its own, moved in when shown. */
interface StepPage {
  readonly key: string;
  readonly stepId: string;
  readonly container: HTMLElement | undefined;
  readonly opened: OpenedStep;
  /** The side the content slides in from (from the steps' positions). */
  readonly direction: StepDirection;
}

/** The step shown, the page rendered ahead for the likely next step, and the page just left (dropped once the new one painted). */
interface StepPages {
  /** Pages made so far: the next page's key. */
  readonly made: number;
  readonly current: StepPage;
  readonly ahead?: StepPage;
  readonly left?: StepPage;
}

/** The pages once `step` opens: the page rendered ahead when it is that step, opened alike; else a new one. */
function arrive(pages: StepPages, step: CompiledStep, opened: OpenedStep, direction: StepDirection): StepPages {
  const { ahead, current, made } = pages;
  const reuse = ahead !== undefined && ahead.stepId === step.id && ahead.opened.previousAnswer === opened.previousAnswer && ahead.opened.initialUnit === opened.initialUnit;
  const page: StepPage = reuse ? { ...ahead, direction } : newPage(step, made, opened, direction);
  // The page left stays, hidden, until the new one has painted: removing it then costs no style work.
  // The load's page is in place, so it goes now.
  return { made: made + 1, current: page, ...(current.container === undefined ? {} : { left: current }) };
}

/** After the current page painted: the page left goes; the likely next step's page is rendered ahead (kept when it is already that step's). */
function prepare(pages: StepPages, next: CompiledStep | undefined, opened: OpenedStep | undefined): StepPages {
  const { made, current, ahead } = pages;
  if (next === undefined || opened === undefined) return { made, current };
  if (ahead?.stepId === next.id) return { made, current, ahead };
  return { made: made + 1, current, ahead: newPage(next, made, opened, 'forward') };
}

/** A page of its own for `step`, the `made`-th, in a new container outside the document. */
function newPage(step: CompiledStep, made: number, opened: OpenedStep, direction: StepDirection): StepPage {
  const container = document.createElement('div');
  container.className = 'step__page';
  return { key: `${step.id}:${String(made)}`, stepId: step.id, container, opened, direction };
}

/** Where the current step's page goes: its container, made off the page, is moved in here before the frame paints. */
function StepSlot({ container }: { readonly container: HTMLElement }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    slot.current?.replaceChildren(container);
  }, [container]);
  return <div className="step__slot" ref={slot} />;
}

interface PageProps {
  readonly runtime: FlowRuntime;
  readonly step: CompiledStep;
  readonly navigate: NavigateFunction;
  readonly search: string;
  readonly opened: OpenedStep;
  readonly focusHeading: boolean;
  readonly direction: StepDirection;
  readonly nextHref: string;
  readonly textValues: Readonly<Record<string, TextValue>> | undefined;
  readonly gender: string | null;
  readonly reducedMotion: boolean;
  readonly today: string | undefined;
  readonly answersSurviveReload: boolean;
  readonly afterPaint: (task: () => void) => void;
  readonly onPainted: () => void;
}

/**
 * A step's content and its screen: answers go to the machine and, when it moves, the URL follows. Its
 * props are the same when a page rendered ahead is shown, so showing it renders nothing again.
 */
const FunnelStepPage = memo(function FunnelStepPage({ runtime, step, navigate, search, opened, focusHeading, direction, nextHref, textValues: values, gender, reducedMotion, today, answersSurviveReload, afterPaint, onPainted }: PageProps) {
  const { flow, actor } = runtime;
  const stepId = step.id;
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
  const canSubmit = useCallback((answer: FunnelAnswer) => actor.getSnapshot().can({ type: 'ANSWER', stepId, answer }), [actor, stepId]);

  const { Component } = screenRegistry[step.screen];
  const headingId = `step-heading-${step.id}`;
  const interpolated = values === undefined ? {} : { textValues: values };
  return (
    <StepMain step={step} headingId={headingId} focusHeading={focusHeading} afterPaint={afterPaint} direction={direction} answersSurviveReload={answersSurviveReload} {...interpolated}>
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
          reducedMotion={reducedMotion}
          {...(today === undefined ? {} : { today })}
          {...interpolated}
        />
        <StepPainted onPainted={onPainted} />
      </Suspense>
    </StepMain>
  );
}, samePageProps);

/** Props alike: the text values are made again on every render, so they are compared by their entries. */
function samePageProps(before: PageProps, after: PageProps): boolean {
  for (const name of Object.keys(after) as (keyof PageProps)[]) {
    if (name === 'textValues' ? !sameRecord(before.textValues, after.textValues) : !Object.is(before[name], after[name])) return false;
  }
  return true;
}

function sameRecord(a: Readonly<Record<string, TextValue>> | undefined, b: Readonly<Record<string, TextValue>> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
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

/**
 * The gender a step's page shows (its options' icons per gender), else null: answering gender then
 * changes nothing on a page made ahead that does not show it, so showing that page renders nothing again.
 */
function genderShown(step: CompiledStep, gender: string | null): string | null {
  return step.options?.some((option) => iconDependsOnGender(option.icon)) === true ? gender : null;
}

/** v2: the female or male image from the stored gender (female when unknown), or the shared one. */
export function backgroundFor(background: CompiledBackground | undefined, gender: string | null): string | undefined {
  if (!background) return undefined;
  if ('all' in background) return background.all;
  return gender === 'male' ? background.male : background.female;
}

/**
 * Fetch the next step's screen chunk, its background image (the crop this viewport shows) and its
 * option icons while the visitor reads this one, so the next step appears complete.
 */
function prefetchStep(next: CompiledStep, gender: string | null): void {
  // For the bench: it checks the device applies (bench/first-paint-devices-bench.ts).
  performance.mark('next-step-prefetch');
  screenRegistry[next.screen].preload();
  const image = backgroundFor(next.background, gender);
  if (image) new Image().src = window.matchMedia(WIDE_BACKGROUND_QUERY).matches ? wideImagePath(image) : image;
  for (const option of next.options ?? []) {
    const icon = iconForGender(option.icon, gender);
    if (icon) prefetchIcon(icon, optionIconSize(next.optionLayout));
  }
}
