import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import defaultFlow from 'virtual:flow/default';
import v2Flow from 'virtual:flow/v2';
import type { CompiledStep } from '../../engine/compiled-flow';
import { StepLayout } from '../../screens/funnel/step-layout';
import { withMemoryRouter } from '../support/with-memory-router';

interface StepLayoutArgs {
  /** "flow/step" whose heading, subheading and links the frame shows. */
  readonly sample: string;
  readonly current: number;
  readonly total: number;
  readonly showProgress: boolean;
  readonly showBack: boolean;
  /** False shows the note for browsers that refuse storage. */
  readonly answersSurviveReload: boolean;
  /** A v2 image path, or "none". */
  readonly background: string;
  readonly onBack: () => void;
}

const steps = new Map<string, CompiledStep>(
  [defaultFlow, v2Flow].flatMap((flow) => flow.steps.map((step): [string, CompiledStep] => [`${flow.id}/${step.id}`, step])),
);
/** Every v2 image, gendered or not. */
const backgrounds = [
  'none',
  ...new Set(v2Flow.steps.flatMap((step) => (step.background === undefined ? [] : 'all' in step.background ? [step.background.all] : [step.background.female, step.background.male]))),
];

/** The frame of every step (back button, progress, heading, the step's links) around a stand-in screen. */
function StepLayoutPreview({ sample, current, total, showProgress, showBack, answersSurviveReload, background, onBack }: StepLayoutArgs) {
  const step = steps.get(sample);
  if (step === undefined) throw new Error(`No compiled step "${sample}"`);
  return (
    <StepLayout
      step={step}
      headingId="story-step-heading"
      progress={showProgress ? { current, total } : undefined}
      background={background === 'none' ? undefined : background}
      onBack={showBack ? onBack : undefined}
      focusHeading={false}
      answersSurviveReload={answersSurviveReload}
    >
      <div style={{ border: '2px dashed currentColor', borderRadius: 12, padding: 24, textAlign: 'center', opacity: 0.6 }}>screen</div>
    </StepLayout>
  );
}

const meta = {
  title: 'Layout/Step layout',
  component: StepLayoutPreview,
  decorators: [withMemoryRouter],
  args: {
    sample: 'default/chooseGoal',
    current: 3,
    total: defaultFlow.steps.length,
    showProgress: true,
    showBack: true,
    answersSurviveReload: true,
    background: 'none',
    onBack: fn(),
  },
  argTypes: {
    sample: { control: 'select', options: [...steps.keys()] },
    background: { control: 'select', options: backgrounds },
    current: { control: { type: 'range', min: 1, max: 30 } },
    total: { control: { type: 'range', min: 1, max: 30 } },
  },
} satisfies Meta<StepLayoutArgs>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The first step has no back button. */
export const FirstStep: Story = { args: { sample: 'default/gender', current: 1, showBack: false } };

/** v2: the full-screen image behind the frame, light text. */
export const WithBackground: Story = { args: { sample: 'v2/chooseGoal', background: backgrounds[1] ?? 'none', total: v2Flow.steps.length } };

/** Sign-up steps show no progress. */
export const WithoutProgress: Story = { args: { sample: 'v2/email', showProgress: false } };

/** A step with links under the screen (the frame renders them). */
export const WithLinks: Story = {
  args: { sample: [...steps].find(([, step]) => (step.links?.length ?? 0) > 0)?.[0] ?? 'default/gender' },
};

/** Storage blocked (private mode, ad-app webviews): answers live in memory, and the frame says so. */
export const StorageUnavailable: Story = { args: { answersSurviveReload: false } };
