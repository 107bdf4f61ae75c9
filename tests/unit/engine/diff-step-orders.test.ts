import { describe, expect, it } from 'vitest';
import { diffStepOrders } from '../../../engine/diff-step-orders';

describe('diffStepOrders', () => {
  it('reports inserted and removed steps with where they are', () => {
    expect(diffStepOrders(['a', 'b', 'c'], ['a', 'x', 'b'])).toEqual({
      inserted: [{ id: 'x', index: 1, after: 'a' }],
      removed: [{ id: 'c', index: 2 }],
      moved: [],
      kept: 2,
    });
  });

  it('reports only the step that moved, not the ones it jumped over', () => {
    const diff = diffStepOrders(['a', 'b', 'c', 'd', 'e'], ['a', 'e', 'b', 'c', 'd']);
    expect(diff.moved).toEqual([{ id: 'e', from: 4, to: 1, after: 'a' }]);
    expect(diff.kept).toBe(4);
  });

  it('finds nothing between equal orders and marks a step inserted first as such', () => {
    expect(diffStepOrders(['a', 'b'], ['a', 'b'])).toEqual({ inserted: [], removed: [], moved: [], kept: 2 });
    expect(diffStepOrders(['a'], ['z', 'a']).inserted).toEqual([{ id: 'z', index: 0 }]);
  });
});
