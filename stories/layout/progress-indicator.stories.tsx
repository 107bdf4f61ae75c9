import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressIndicator } from '../../screens/funnel/progress-indicator';

const meta = {
  title: 'Layout/Progress indicator',
  component: ProgressIndicator,
  decorators: [
    (Story) => (
      // The indicator fills the header next to the back button; give it a header-like width.
      <div style={{ display: 'flex', padding: 20, maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
  args: { current: 3, total: 23 },
  argTypes: {
    current: { control: { type: 'range', min: 1, max: 30 } },
    total: { control: { type: 'range', min: 1, max: 30 } },
  },
} satisfies Meta<typeof ProgressIndicator>;

export default meta;

type Story = StoryObj<typeof meta>;

export const FirstStep: Story = { args: { current: 1 } };
export const Midway: Story = { args: { current: 12 } };
export const LastStep: Story = { args: { current: 23 } };
