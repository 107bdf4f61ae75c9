import { describe, expect, it } from 'vitest';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import type { LoadedFlowFile } from '../../../engine/load-flow-file';
import { loadFlowFile } from '../../../engine/load-flow-file';
import { resolveFlow } from '../../../engine/resolve-flow';

function load(file: string, text: string): LoadedFlowFile {
  const result = loadFlowFile(file, text);
  if (!result.ok) throw new Error(result.diagnostics.map(formatFlowDiagnostic).join('\n'));
  return result.value;
}

const parent = load(
  'flows/base.yaml',
  `version: 1
id: base
basePath: /onboarding
exit: /sign-up/password
order: main
orders:
  main: [gender, intro]
optionSets:
  gender:
    - value: female
    - value: male
steps:
  gender:
    screen: singleChoice
    options: gender
    storage: { mode: value, key: gender }
    background: { female: /images/f.svg, male: /images/m.svg }
  intro:
    screen: info
    info: true
`,
);

describe('resolveFlow', () => {
  it('merges the parent steps and option sets into the child; the child replaces what it sets', () => {
    const child = load(
      'flows/child.yaml',
      `version: 1
id: child
extends: base
basePath: /onboarding/child
order: short
orders:
  short: [gender]
optionSets:
  gender:
    - value: female
steps:
  gender:
    background: { all: /images/all.svg }
`,
    );
    const result = resolveFlow('child', [parent, child]);
    if (!result.ok) throw new Error(result.diagnostics.map(formatFlowDiagnostic).join('\n'));
    const { flow } = result.value;
    expect(flow.id).toBe('child');
    expect(flow.basePath).toBe('/onboarding/child');
    expect(flow.exit).toBe('/sign-up/password');
    expect(flow.order).toBe('short');
    expect(flow.orders).toEqual({ short: ['gender'] });
    expect(flow.optionSets.gender).toEqual([{ value: 'female' }]);
    // Inherited fields stay; the background is replaced whole, not merged into {female, male, all}.
    expect(flow.steps.gender).toEqual({
      screen: 'singleChoice',
      options: 'gender',
      storage: { mode: 'value', key: 'gender' },
      background: { all: '/images/all.svg' },
    });
    expect(flow.steps.intro).toEqual({ screen: 'info', info: true, storage: { mode: 'none' } });
  });

  it('locates an unknown parent at the extends value and suggests the nearest flow', () => {
    const child = load('flows/child.yaml', 'version: 1\nid: child\nextends: bsae\n');
    const result = resolveFlow('child', [parent, child]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual(['flows/child.yaml:3:10 extends: unknown flow "bsae" - did you mean "base"?']);
  });

  it('reports an extends cycle with the chain', () => {
    const a = load('flows/a.yaml', 'version: 1\nid: a\nextends: b\n');
    const b = load('flows/b.yaml', 'version: 1\nid: b\nextends: a\n');
    const result = resolveFlow('a', [a, b]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual(['flows/b.yaml:3:10 extends: extends cycle: a -> b -> a']);
  });

  it('locates a step that is incomplete after merging in the file that defines it', () => {
    const child = load('flows/child.yaml', 'version: 1\nid: child\nextends: base\nsteps:\n  extra:\n    info: true\n');
    const result = resolveFlow('child', [parent, child]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map(formatFlowDiagnostic)).toEqual(['flows/child.yaml:6:5 steps.extra.screen: missing required key "screen"']);
  });
});
