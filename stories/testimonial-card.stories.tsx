import type { Meta, StoryObj } from '@storybook/react-vite';
import { testimonials } from 'virtual:social-proof';
import { TestimonialCard } from '../screens/testimonial-card';

/** The quoted people of config/social-proof.yaml, as the plans page lists them and preparing shows one per message. */
const [first] = testimonials;
if (first === undefined) throw new Error('config/social-proof.yaml has no testimonials');

const meta = {
  title: 'Checkout/Testimonial card',
  component: TestimonialCard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 390, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  args: { testimonial: first, units: 'metric' },
} satisfies Meta<typeof TestimonialCard>;

export default meta;

type Story = StoryObj<typeof meta>;

/** Kilograms: "-6 kg" beside the name and in the words. */
export const Metric: Story = {};

/** A visitor who answered in pounds: "-13 lb". */
export const Imperial: Story = { args: { units: 'imperial' } };

/** All three, as on the plans page. */
export const AllThree: Story = {
  render: (args) => (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {testimonials.map((testimonial) => (
        <li key={testimonial.id}>
          <TestimonialCard testimonial={testimonial} units={args.units} />
        </li>
      ))}
    </ul>
  ),
};
