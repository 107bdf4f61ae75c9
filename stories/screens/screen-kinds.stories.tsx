import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense } from 'react';
import { fn } from 'storybook/test';
import flows from 'virtual:flows';
import type { CompiledStep } from '../../engine/compiled-flow';
import { isAnswerValidForStep } from '../../engine/answer-validation';
import type { ScreenKind } from '../../engine/flow-schema';
import type { FunnelAnswer, UnitSystem } from '../../engine/funnel-answer';
import { LoadingSpinner } from '../../screens/loading-spinner';
import { screenRegistry } from '../../screens/screen-registry';
import { withMemoryRouter } from '../support/with-memory-router';
import { questionKindSamples } from './question-kind-samples';

/** Every step of every compiled flow by "flow/step", the samples a kind's story can show (default first). */
const flowSamples = new Map<string, CompiledStep>(
  [...flows].sort((a, b) => (b.id === 'default' ? 1 : 0) - (a.id === 'default' ? 1 : 0)).flatMap((flow) => flow.steps.map((step): [string, CompiledStep] => [`${flow.id}/${step.id}`, step])),
);
/** The flows' steps, then samples of the kinds no flow uses yet. */
const samples = new Map<string, CompiledStep>([...flowSamples, ...questionKindSamples(flowSamples)]);

/** A fixed day, so a date step's range (and a screenshot of it) does not change with the calendar. */
const storyToday = '2026-06-15';

interface ScreenKindArgs {
  readonly kind: ScreenKind;
  /** "flow/step" of the compiled step the screen shows. */
  readonly sample: string;
  readonly initialUnit: UnitSystem;
  readonly reducedMotion: boolean;
  readonly onAnswer: (answer: FunnelAnswer) => void;
  readonly onContinue: () => void;
}

/**
 * One screen component of the registry, alone (no step layout, so no heading: the layout renders it),
 * showing a compiled step of its kind. The flows' own stories show each step in its layout.
 */
function ScreenKindPreview({ kind, sample, initialUnit, reducedMotion, onAnswer, onContinue }: ScreenKindArgs) {
  const step = samples.get(sample);
  if (step === undefined) throw new Error(`No compiled step "${sample}"`);
  if (step.screen !== kind) throw new Error(`Step "${sample}" is a ${step.screen} step, not ${kind}`);
  const { Component } = screenRegistry[kind];
  return (
    <main className="page">
      <Suspense fallback={<LoadingSpinner />}>
        <Component
          key={`${sample}-${initialUnit}`}
          step={step}
          headingId={`story-heading-${step.id}`}
          previousAnswer={undefined}
          canSubmit={(answer) => isAnswerValidForStep(step, answer, storyToday)}
          onAnswer={onAnswer}
          onContinue={onContinue}
          nextHref={step.path}
          initialUnit={initialUnit}
          reducedMotion={reducedMotion}
          today={storyToday}
        />
      </Suspense>
    </main>
  );
}

const meta = {
  title: 'Screens/Kinds',
  component: ScreenKindPreview,
  decorators: [withMemoryRouter],
  args: { initialUnit: 'metric', reducedMotion: false, onAnswer: fn(), onContinue: fn() },
  argTypes: {
    kind: { control: false },
    initialUnit: { control: 'inline-radio', options: ['metric', 'imperial'] },
  },
} satisfies Meta<ScreenKindArgs>;

export default meta;

type Story = StoryObj<typeof meta>;

/** The story of a kind, on `sample` or the first compiled step of that kind (default flow first, then the others by id). */
function kindStory(kind: ScreenKind, sample?: string): Story {
  const options = [...samples].filter(([, step]) => step.screen === kind).map(([key]) => key);
  const first = sample ?? options[0];
  if (first === undefined || !options.includes(first)) throw new Error(`No flow has the ${kind} step ${sample ?? ''} to show`);
  return { args: { kind, sample: first }, argTypes: { sample: { control: 'select', options } } };
}

export const SingleChoice = kindStory('singleChoice');
export const Info = kindStory('info');
export const Company = kindStory('company');
/** A number in a unit system with a composite imperial unit: cm, or feet and inches (the height). */
export const Number = kindStory('number', 'default/height');
/** A number with a unit toggle: kg or lb (the weight). */
export const NumberWeight = kindStory('number', 'default/weight');
/** A number in one whole-number unit, no toggle (the age). */
export const NumberAge = kindStory('number', 'default/age');
export const ReadyToStart = kindStory('readyToStart');
export const SignUpEmail = kindStory('signUpEmail');
export const SignUpPassword = kindStory('signUpPassword');
export const MultiSelect = kindStory('multiSelect');
export const Slider = kindStory('slider');
// Named as the kind (the story id is screens-kinds--date); this module uses no global Date.
export const Date = kindStory('date');
export const Text = kindStory('text');

// Does not compile when the registry gains a screen kind without a story here.
const _storyOfEveryKind: Readonly<Record<ScreenKind, Story>> = {
  singleChoice: SingleChoice,
  info: Info,
  company: Company,
  number: Number,
  readyToStart: ReadyToStart,
  signUpEmail: SignUpEmail,
  signUpPassword: SignUpPassword,
  multiSelect: MultiSelect,
  slider: Slider,
  date: Date,
  text: Text,
};
