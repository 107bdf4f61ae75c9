import { describe, expect, it } from 'vitest';
import { formatFlowDiff } from '../../../engine/cli/format-flow-diff';
import { renderFlowGraph } from '../../../engine/flow-graph';
import { branchingFlow, compileBranching } from './branching-flow';

describe('branches in the graph and the diff', () => {
  it('draws each condition, each route with its condition, and a curve per route', () => {
    const { flow } = compileBranching();
    if (!flow) throw new Error('does not compile');
    const html = renderFlowGraph([flow]);
    expect(html).toContain('only when gender = female');
    expect(html).toContain('only when not goal = keep');
    expect(html).toContain('only when bmi() &gt;= 25');
    expect(html).toContain('-&gt; height if goal = keep; else next');
    expect(html.match(/class="route"/g)).toHaveLength(1);
  });

  it('reads out changed conditions and routes', () => {
    const before = compileBranching().resolved;
    const after = compileBranching(
      branchingFlow.replace('equals: female }', 'oneOf: [female, male] }').replace('- { when: { answer: goal, equals: keep }, to: height }', '- { to: height }'),
    ).resolved;
    if (!before || !after) throw new Error('does not resolve');
    const lines = formatFlowDiff({ flow: before, order: 'main' }, { flow: after, order: 'main' });
    expect(lines).toContain('* goal                   changed: next');
    expect(lines).toContain('    next: height if goal = keep -> height');
    expect(lines).toContain('    when: gender = female -> gender in [female, male]');
  });
});
