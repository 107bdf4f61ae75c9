import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CheckInboxPanel } from '../screens/sign-up/check-inbox-panel';

/**
 * Sign-up's "check your inbox" step (e-mail confirmation on): standalone on /sign-up, or under a
 * funnel step's heading in v1/v2 (`embedded`), with the answers to "I've confirmed my email".
 */
const meta = {
  title: 'Sign-up/Check your inbox',
  component: CheckInboxPanel,
  args: { email: 'ada@example.com', embedded: false, checking: false, check: 'idle', onConfirmed: fn() },
  argTypes: { check: { control: 'inline-radio', options: ['idle', 'notConfirmed', 'failed'] } },
} satisfies Meta<typeof CheckInboxPanel>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Waiting: Story = {};

/** "I've confirmed" before the link was followed. */
export const NotConfirmedYet: Story = { args: { check: 'notConfirmed' } };

/** The check itself failed (network, rate limit): reported, the visitor may try again. */
export const CheckFailed: Story = { args: { check: 'failed' } };

export const Checking: Story = { args: { checking: true } };

/** Inside a v1/v2 funnel step, under the step's own heading. */
export const InFunnelStep: Story = { args: { embedded: true } };
