import type { CompiledFlow, CompiledStep } from './compiled-flow';
import type { FunnelAnswer, FunnelAnswers } from './funnel-answer';
import { pathProgress, type PathEnvironment } from './funnel-path';
import { questionnaireProgress } from './questionnaire-progress';

/** The spec's `onboarding_event` (fields answers, question, step, steps_total, url), one per answered step. */
export interface OnboardingEvent {
  /** What was chosen or typed, as strings; empty for steps without an answer and for the e-mail step. */
  readonly answers: readonly string[];
  /** The step id: stable across languages and copy changes, unlike the heading text. */
  readonly question: string;
  /** 1-based position: in the questionnaire's numbering (what the progress bar shows) where it counts. */
  readonly step: number;
  /** 23 / 25 / 23 for default / v1 / v2: the spec's step counts (the questionnaire without sign-up). */
  readonly steps_total: number;
  readonly url: string;
}

/** The Iglu schema of `OnboardingEvent` (config/iglu/schemas/com.nutritionfunnel/onboarding_event). */
export const ONBOARDING_EVENT_SCHEMA = 'iglu:com.nutritionfunnel/onboarding_event/jsonschema/1-0-0';

/**
 * Builds the analytics event for an answer the funnel machine accepted. Personal data stays out: the
 * e-mail step's address is never sent (its event only says the step was passed). The URL loses its
 * fragment, where auth redirects put tokens.
 */
export function buildOnboardingEvent(flow: CompiledFlow, step: CompiledStep, answer: FunnelAnswer, url: string, answers?: FunnelAnswers, env: PathEnvironment = {}): OnboardingEvent {
  // With the visitor's answers, the position on their path (a branching flow); without, in the order.
  const progress = answers === undefined ? questionnaireProgress(flow, step) : pathProgress(flow, step, answers, env);
  return {
    answers: answerStrings(answer),
    question: step.id,
    step: progress?.current ?? step.index + 1,
    steps_total: progress?.total ?? flow.steps.length,
    url: url.replace(/#.*$/, ''),
  };
}

function answerStrings(answer: FunnelAnswer): string[] {
  switch (answer.kind) {
    case 'choice':
      return [answer.value];
    case 'measurement':
      return [answer.text.trim(), answer.unit];
    case 'feetInches':
      return [`${answer.feet.trim()} ft ${answer.inches.trim() === '' ? '0' : answer.inches.trim()} in`, 'imperial'];
    case 'wholeNumber':
      return [answer.text.trim()];
    case 'choices':
      return [...answer.values];
    case 'scale':
      return [String(answer.value)];
    case 'date':
      return [answer.value];
    // A short text may be a name or another personal detail: like the e-mail, it is not sent.
    case 'text':
    case 'continue':
    case 'email':
      return [];
  }
}
