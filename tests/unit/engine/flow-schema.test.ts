import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { flowFileSchema, resolvedFlowSchema, variantsFileSchema } from '../../../engine/flow-schema';
import { repoRoot } from './flow-test-project';

const readYaml = (file: string): unknown => parse(readFileSync(join(repoRoot, file), 'utf8'));

describe('flow schema', () => {
  it.each(['flows/default.yaml', 'flows/v1.yaml', 'flows/v2.yaml'])('accepts %s', (file) => {
    const result = flowFileSchema.safeParse(readYaml(file));
    expect(result.error?.issues).toBeUndefined();
  });

  it('accepts flows/variants.yaml', () => {
    expect(variantsFileSchema.safeParse(readYaml('flows/variants.yaml')).success).toBe(true);
  });

  it('does not invent a storage default on a step a child flow only partly overrides', () => {
    const parsed = flowFileSchema.parse({ version: 1, id: 'child', steps: { gender: { background: { all: '/images/a.svg' } } } });
    expect(parsed.steps?.gender).toEqual({ background: { all: '/images/a.svg' } });
  });

  it('defaults storage to none once a step is complete', () => {
    const resolved = resolvedFlowSchema.parse({
      version: 1,
      id: 'x',
      basePath: '/x',
      exit: '/sign-up/password',
      order: 'main',
      orders: { main: ['intro'] },
      optionSets: {},
      steps: { intro: { screen: 'info' } },
    });
    expect(resolved.steps.intro?.storage).toEqual({ mode: 'none' });
  });

  it.each([
    ['an unknown version', { version: 2, id: 'x' }],
    ['an unknown top-level key', { version: 1, id: 'x', stepz: {} }],
    ['an unknown screen kind', { version: 1, id: 'x', steps: { a: { screen: 'carousel' } } }],
    ['a storage key that is no identifier', { version: 1, id: 'x', steps: { a: { storage: { mode: 'value', key: 'shoe size' } } } }],
    ['a declared storage key of an unknown form', { version: 1, id: 'x', storageKeys: { shoeSize: { form: 'shoe' } } }],
    ['a declared storage key filling an unknown profile column', { version: 1, id: 'x', storageKeys: { shoeSize: { form: 'number', profile: 'shoe_size' } } }],
    ['an empty order', { version: 1, id: 'x', orders: { main: [] } }],
    ['a relative exit path', { version: 1, id: 'x', exit: 'sign-up' }],
    ['a translation key without namespace', { version: 1, id: 'x', steps: { a: { heading: 'justakey' } } }],
    ['an option value with spaces', { version: 1, id: 'x', optionSets: { s: [{ value: 'Two words' }] } }],
    ['a background that is not an image', { version: 1, id: 'x', steps: { a: { background: { all: '/images/a.txt' } } } }],
  ])('rejects %s', (_name, data) => {
    expect(flowFileSchema.safeParse(data).success).toBe(false);
  });

  it('rejects a resolved flow whose step lacks a screen kind', () => {
    const result = resolvedFlowSchema.safeParse({
      version: 1,
      id: 'x',
      basePath: '/x',
      exit: '/sign-up/password',
      order: 'main',
      orders: { main: ['intro'] },
      optionSets: {},
      steps: { intro: { info: true } },
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['steps.intro.screen']);
  });
});
