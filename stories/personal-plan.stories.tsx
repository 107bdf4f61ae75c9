import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { genericPlan, personalPlan } from '../engine/daily-calorie-plan';
import { PersonalPlanSection } from '../screens/checkout/personal-plan-section';

/** The answers of the e2e walk (tests/unit/engine/daily-calorie-plan.test.ts, example 1), on a fixed day. */
const walkAnswers = { sex: 'female', ageYears: 34, heightCm: 170.18, weightKg: 68.0388, goalWeightKg: 63.50288, activityLevel: 'lightly_active', speedGoal: 'moderate', nutritionGoal: 'balanced' } as const;

const meta = {
  title: 'Checkout/Personal plan',
  component: PersonalPlanSection,
  decorators: [
    (Story) => (
      // The generic plan links to the questionnaire.
      <MemoryRouter>
        <div style={{ maxWidth: 480, padding: 16 }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
  args: { plan: personalPlan(walkAnswers, '2026-01-05'), units: 'imperial' },
} satisfies Meta<typeof PersonalPlanSection>;

export default meta;

type Story = StoryObj<typeof meta>;

/** The top of /checkout/plans after the walk: calorie goal, macros and the weight chart, in pounds. */
export const FromTheAnswers: Story = {};

/** The same visitor in kilograms. */
export const Metric: Story = { args: { units: 'metric' } };

/** A goal equal to today's weight: no chart, a note instead. */
export const Maintain: Story = { args: { plan: personalPlan({ ...walkAnswers, goalWeightKg: walkAnswers.weightKg }, '2026-01-05') } };

/** No answers stored (a deep link): the reference plan and a way to personalise it. */
export const Generic: Story = { args: { plan: genericPlan(undefined), units: 'metric' } };
