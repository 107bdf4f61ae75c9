import type { ExperimentPlanInput } from '../../../engine/experiments/experiment-plan.ts';

/** The plan of docs/experiments.md's worked examples: 10 % paid conversion, +2 points worth the change, 50/50. */
export const examplePlan = {
  allocation: [
    { variant: 'control', weight: 50 },
    { variant: 'redesign', weight: 50 },
  ],
  control: 'control',
  primaryMetric: 'paid-conversion',
  baseline: { mean: 0.1 },
  minimumDetectableEffect: { kind: 'absolute', value: 0.02 },
} satisfies ExperimentPlanInput;
