import { describe, expect, it } from 'vitest';
import { isMap, isScalar } from 'yaml';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { loadFlowFile } from '../../../engine/load-flow-file';
import type { YamlMigration } from '../../../engine/load-yaml-file';

function errorsOf(file: string, text: string, migrations?: readonly YamlMigration[]): string[] {
  const result = loadFlowFile(file, text, migrations);
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.diagnostics.map(formatFlowDiagnostic);
}

const base = `version: 1
id: demo
basePath: /onboarding
steps:
  height:
    screen: number
    storage: { mode: value, key: heigth }
`;

describe('loadFlowFile', () => {
  it('accepts a valid file and keeps its data', () => {
    const result = loadFlowFile('flows/demo.yaml', base.replace('heigth', 'height'));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.data.steps?.height?.storage).toEqual({ mode: 'value', key: 'height' });
      expect(result.value.migratedFrom).toBeUndefined();
    }
  });

  it('takes any camelCase storage key: the flow declares its keys (storageKeys), the verifier checks them', () => {
    const result = loadFlowFile('flows/v1.yaml', base.replace('heigth', 'shoeSize'));
    expect(result.ok).toBe(true);
    expect(errorsOf('flows/v1.yaml', base.replace('heigth', 'Shoe size'))).toEqual(['flows/v1.yaml:7:34 steps.height.storage.key: "Shoe size" must be a camelCase identifier']);
  });

  it('locates an unrecognised object key at the key and suggests the intended one', () => {
    const text = base.replace('heigth', 'height').replace('    screen: number\n', '    screen: number\n    unitSystm: length\n');
    expect(errorsOf('flows/demo.yaml', text)).toEqual(['flows/demo.yaml:7:5 steps.height.unitSystm: unknown key "unitSystm" - did you mean "unitSystem"?']);
  });

  it('suggests a step field from a shortened name', () => {
    const text = base.replace('heigth', 'height').replace('    screen: number\n', '    screen: number\n    legal: true\n');
    expect(errorsOf('flows/demo.yaml', text)).toEqual(['flows/demo.yaml:7:5 steps.height.legal: unknown key "legal" - did you mean "legalNotice"?']);
  });

  it('names the screen kind and storage mode in enum errors', () => {
    const text = base.replace('screen: number', 'screen: numbr').replace('mode: value, key: heigth', 'mode: answerTxt');
    expect(errorsOf('flows/demo.yaml', text)).toEqual([
      'flows/demo.yaml:6:13 steps.height.screen: unknown screen kind "numbr" - did you mean "number"?',
      'flows/demo.yaml:7:22 steps.height.storage.mode: unknown storage mode "answerTxt" - did you mean "answerText"?',
    ]);
  });

  it('points a missing required key at the object that should hold it', () => {
    const text = `version: 1
id: demo
optionSets:
  gender:
    - value: female
    - label: onboarding:x.y
`;
    expect(errorsOf('flows/demo.yaml', text)).toEqual(['flows/demo.yaml:6:7 optionSets.gender[1].value: missing required key "value"']);
    expect(errorsOf('flows/demo.yaml', 'version: 1\nsteps: {}\n')).toEqual(['flows/demo.yaml:1:1 id: missing required key "id"']);
  });

  it('reports the half of a union that got furthest (a background with female but no male)', () => {
    const text = base.replace('heigth', 'height') + '    background: { female: /images/a.svg }\n';
    expect(errorsOf('flows/demo.yaml', text)).toEqual(['flows/demo.yaml:8:17 steps.height.background.male: missing required key "male"']);
  });

  it('explains type errors and bad names with the offending value', () => {
    const text = `version: 1
id: demo
steps:
  Gender:
    info: 3
`;
    expect(errorsOf('flows/demo.yaml', text)).toEqual([
      'flows/demo.yaml:4:3 steps.Gender: invalid name "Gender": must be a camelCase identifier',
    ]);
    expect(errorsOf('flows/demo.yaml', text.replace('Gender', 'gender'))).toEqual([
      'flows/demo.yaml:5:11 steps.gender.info: expected boolean or string, found number 3',
    ]);
  });

  it('rejects YAML syntax errors and duplicate keys with their position', () => {
    expect(errorsOf('flows/demo.yaml', 'version: 1\nid: demo\nsteps:\n  a: [\n')[0]).toMatch(/^flows\/demo\.yaml:5:1 YAML syntax error: /);
    expect(errorsOf('flows/demo.yaml', 'version: 1\nid: demo\nid: again\n')).toEqual(['flows/demo.yaml:3:1 YAML syntax error: Map keys must be unique']);
  });

  it('refuses a missing, malformed or future version', () => {
    expect(errorsOf('flows/demo.yaml', 'id: demo\n')).toEqual(['flows/demo.yaml:1:1 version: missing required key "version" (the current format is version 1)']);
    expect(errorsOf('flows/demo.yaml', 'version: 7\nid: demo\n')).toEqual([
      'flows/demo.yaml:1:10 version: version 7 is newer than this engine understands (current 1) - update the engine',
    ]);
    expect(errorsOf('flows/demo.yaml', 'version: 0\nid: demo\n')).toEqual([
      'flows/demo.yaml:1:10 version: version 0 cannot be migrated: no migration from version 0 (current 1)',
    ]);
  });

  it('migrates an older version in place, so later errors still point at the lines as written', () => {
    // A hypothetical version 0 that called the step map `screens`.
    const renameScreens: YamlMigration = {
      from: 0,
      to: 1,
      description: 'screens -> steps',
      migrate(document) {
        const root = document.contents;
        if (!isMap(root)) return;
        for (const pair of root.items) if (isScalar(pair.key) && pair.key.value === 'screens') pair.key.value = 'steps';
      },
    };
    const old = 'version: 0\nid: demo\nscreens:\n  age:\n    screen: numbr\n';
    expect(errorsOf('flows/old.yaml', old, [renameScreens])).toEqual([
      'flows/old.yaml:5:13 steps.age.screen: unknown screen kind "numbr" - did you mean "number"?',
    ]);
    const result = loadFlowFile('flows/old.yaml', old.replace('numbr', 'number'), [renameScreens]);
    expect(result.ok && result.value.migratedFrom).toBe(0);
    expect(result.ok && result.value.data.steps?.age?.screen).toBe('number');
  });
});

describe('suggestName', () => {
  it('suggests typos, transpositions and shortened names, but not ambiguous or distant ones', async () => {
    const { suggestName } = await import('../../../engine/suggest-name');
    expect(suggestName('chooseGoall', ['chooseGoal', 'bodyGoal'])).toBe('chooseGoal');
    expect(suggestName('heigth', ['height', 'weight'])).toBe('height');
    expect(suggestName('Height', ['height', 'weight'])).toBe('height');
    expect(suggestName('subscribers', ['subscriberCount', 'stars'])).toBe('subscriberCount');
    expect(suggestName('v3', ['v1', 'v2', 'default'])).toBeUndefined();
    expect(suggestName('xy', ['ab', 'cd'])).toBeUndefined();
    expect(suggestName('shoeSize', ['height', 'weight', 'age'])).toBeUndefined();
  });
});
