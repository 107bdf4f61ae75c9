import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layerTable, TABLE_END, TABLE_START, withLayerTable } from '../../../tooling/layer-table.mjs';

const ARCHITECTURE = new URL('../../../docs/architecture.md', import.meta.url);

describe('the "Layers" table of docs/architecture.md', () => {
  it('is the one printed from tooling/layer-rules.mjs, the data the lint rules are made from (npm run docs:layers)', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    expect(doc).toContain(TABLE_START);
    expect(withLayerTable(doc, layerTable())).toBe(doc);
  });

  it('names every inner layer with what it may import and what it never imports', () => {
    const rows = layerTable().split('\n').filter((line) => line.startsWith('| `'));
    expect(rows.map((row) => row.split(' | ')[0])).toEqual(['| `engine/`', '| `services/`', '| `screens/`', '| `server/`', '| `supabase/functions/`']);
    expect(rows[0]).toContain('nothing outside `engine/`');
    expect(rows[2]).toContain('`services/` with `import type` only');
  });

  it('refuses a doc without the markers instead of appending the table somewhere', () => {
    expect(() => withLayerTable('# Architecture\n', layerTable())).toThrow(TABLE_END);
  });
});
