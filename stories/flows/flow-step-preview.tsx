import { Suspense } from 'react';
import type { CompiledFlow } from '../../engine/compiled-flow';
import { isAnswerValidForStep } from '../../engine/answer-validation';
import type { FunnelAnswer, UnitSystem } from '../../engine/funnel-answer';
import { backgroundFor } from '../../screens/funnel/funnel-step-route';
import { StepLayout } from '../../screens/funnel/step-layout';
import { LoadingSpinner } from '../../screens/loading-spinner';
import { screenRegistry } from '../../screens/screen-registry';
import { questionnaireProgress } from '../../engine/questionnaire-progress';

export interface FlowStepPreviewProps {
  readonly flow: CompiledFlow;
  readonly stepId: string;
  /** Which v2 image and option icons a step with female and male ones shows (the stored gender answer in the app). */
  readonly gender: 'female' | 'male';
  readonly initialUnit: UnitSystem;
  readonly reducedMotion: boolean;
  readonly onAnswer: (answer: FunnelAnswer) => void;
  readonly onContinue: () => void;
  readonly onBack: () => void;
}

/**
 * A step as the funnel route shows it: the screen of the step's kind (from the app's registry) in the
 * step layout with progress, background and back button. What the route gets from the running machine
 * comes from the compiled step here: `canSubmit` asks the machine's own guard (`isAnswerValidForStep`),
 * and answers go to the story's action log instead of the machine.
 */
export function FlowStepPreview({ flow, stepId, gender, initialUnit, reducedMotion, onAnswer, onContinue, onBack }: FlowStepPreviewProps) {
  const step = flow.steps.find((candidate) => candidate.id === stepId);
  if (step === undefined) {
    throw new Error(`Flow "${flow.id}" has no step "${stepId}" (steps: ${flow.steps.map((candidate) => candidate.id).join(', ')})`);
  }
  const { Component } = screenRegistry[step.screen];
  const headingId = `step-heading-${step.id}`;
  const next = flow.steps[step.index + 1];
  return (
    <StepLayout
      key={step.id}
      step={step}
      headingId={headingId}
      progress={questionnaireProgress(flow, step)}
      background={backgroundFor(step.background, gender)}
      onBack={step.index > 0 ? onBack : undefined}
      focusHeading={false}
      answersSurviveReload
    >
      <Suspense fallback={<LoadingSpinner />}>
        <Component
          // A unit switch in the controls starts the screen afresh, as opening the step would.
          key={initialUnit}
          step={step}
          headingId={headingId}
          previousAnswer={undefined}
          canSubmit={(answer) => isAnswerValidForStep(step, answer)}
          onAnswer={onAnswer}
          onContinue={onContinue}
          nextHref={next ? next.path : flow.exit}
          initialUnit={initialUnit}
          reducedMotion={reducedMotion}
          gender={gender}
        />
      </Suspense>
    </StepLayout>
  );
}

