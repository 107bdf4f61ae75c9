import type { ComponentProps } from 'react';
import { StepFrame } from './step-frame';
import { StepMain } from './step-main';

type Props = Omit<ComponentProps<typeof StepFrame>, 'children'> & ComponentProps<typeof StepMain>;

/**
 * The frame of every step (`StepFrame`: header, progress, background) around one step's content
 * (`StepMain`, keyed by step so each step enters with its slide). The funnel's route composes the two
 * itself, to prepare the next step's content ahead (decision 0259); Storybook and the previews use this.
 */
export function StepLayout({ progress, background, onBack, ...main }: Props) {
  return (
    <StepFrame progress={progress} background={background} onBack={onBack}>
      <StepMain key={main.step.id} {...main} />
    </StepFrame>
  );
}
