import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CompiledFlow } from '../../engine/compiled-flow';
import { withMemoryRouter } from '../support/with-memory-router';
import { FlowStepPreview, type FlowStepPreviewProps } from './flow-step-preview';

/** The story args: everything but the flow, which comes from `virtual:flow/<id>` and is not a control. */
export type FlowStepArgs = Omit<FlowStepPreviewProps, 'flow'>;

/**
 * Meta of a flow's stories, called by the module that .storybook/flow-stories-vite-plugin.ts generates
 * for flows/<file>.yaml with the compiled flow from `virtual:flow/<id>`. The step control lists that
 * flow's steps, so any story can show any step too.
 */
export function flowStepsMeta(flow: CompiledFlow, title: string): Meta<FlowStepArgs> {
  return {
    title,
    decorators: [withMemoryRouter],
    args: {
      // Every story sets its own step; listed first so the step picker heads the controls.
      stepId: flow.steps[0]?.id ?? '',
      gender: 'female',
      initialUnit: 'metric',
      reducedMotion: false,
      onAnswer: fn(),
      onContinue: fn(),
      onBack: fn(),
    },
    argTypes: {
      stepId: { control: 'select', options: flow.steps.map((step) => step.id) },
      gender: { control: 'inline-radio', options: ['female', 'male'], description: 'image and option icons (body silhouettes) for steps with female and male ones' },
      initialUnit: { control: 'inline-radio', options: ['metric', 'imperial'] },
    },
    parameters: { flow: { id: flow.id, basePath: flow.basePath, order: flow.order } },
    render: (args) => <FlowStepPreview flow={flow} {...args} />,
  };
}

/** One step's story (for a step with gendered images, one gender's). */
export function flowStepStory(flow: CompiledFlow, stepId: string, gender: 'female' | 'male' | null): StoryObj<FlowStepArgs> {
  const step = flow.steps.find((candidate) => candidate.id === stepId);
  return {
    args: { stepId, ...(gender === null ? {} : { gender }) },
    parameters: step ? { docs: { description: { story: `${step.screen} screen at ${step.path}` } } } : {},
  };
}
