import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import flows from 'virtual:flows';
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
  /** A background image path (v2's), or "none". */
  readonly background: string;
  readonly onBack: () => void;
}

/** Every step of every compiled flow by "flow/step" (the flows come from the build, none by name). */
const steps = new Map<string, CompiledStep>(
  flows.flatMap((flow) => flow.steps.map((step): [string, CompiledStep] => [`${flow.id}/${step.id}`, step])),
);
const imagesOf = (step: CompiledStep): string[] =>
  step.background === undefined ? [] : 'all' in step.background ? [step.background.all] : [step.background.female, step.background.male];
/** Every background image of every flow, gendered or not. */
const backgrounds = ['none', ...new Set([...steps.values()].flatMap(imagesOf))];
/** The first step (in flow id order) that shows a background, and the size of its flow. */
const withBackground = flows.flatMap((flow) => flow.steps.filter((step) => step.background !== undefined).map((step) => ({ flow, step })))[0];
const signUpStep = [...steps].find(([, step]) => step.screen === 'signUpEmail' || step.screen === 'signUpPassword')?.[0];
const baseline = flows.find((flow) => flow.id === 'default') ?? flows[0];

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
    sample: `${baseline?.id ?? ''}/${baseline?.steps[2]?.id ?? ''}`,
    current: 3,
    total: baseline?.steps.length ?? 1,
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
export const FirstStep: Story = { args: { sample: `${baseline?.id ?? ''}/${baseline?.steps[0]?.id ?? ''}`, current: 1, showBack: false } };

/** A full-screen image behind the frame (v2), light text. */
export const WithBackground: Story = {
  args: withBackground === undefined
    ? {}
    : { sample: `${withBackground.flow.id}/${withBackground.step.id}`, background: imagesOf(withBackground.step)[0] ?? 'none', current: withBackground.step.index + 1, total: withBackground.flow.steps.length },
};

/** Sign-up steps show no progress. */
export const WithoutProgress: Story = { args: { ...(signUpStep === undefined ? {} : { sample: signUpStep }), showProgress: false } };

/** A step with links under the screen (the frame renders them). */
export const WithLinks: Story = {
  args: { sample: [...steps].find(([, step]) => (step.links?.length ?? 0) > 0)?.[0] ?? 'default/gender' },
};

/** Storage blocked (private mode, ad-app webviews): answers live in memory, and the frame says so. */
export const StorageUnavailable: Story = { args: { answersSurviveReload: false } };
