import { describe, expect, it } from 'vitest';
import { flowCompileBench } from '../../../bench/flow-compile-bench';

describe('the flow compile bench', () => {
  // Its generated flows go through the real pipeline, so a new rule for flows (issue 13's ranges on
  // number steps broke it once, unnoticed until the next bench run) must show up here, not in the bench.
  it('compiles its generated flow and the child extending it', () => {
    const timing = flowCompileBench(50, 1, 0);
    expect(timing.steps).toBe(50);
    expect(timing.totalMs).toBeGreaterThan(0);
  });
});
