// The "Layers" table of docs/architecture.md, printed from tooling/layer-rules.mjs, the data the lint
// rules are made from. `npm run docs:layers` writes it into the doc between its markers;
// tests/unit/tooling/layer-table.test.ts fails while the doc shows anything else.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeFolders, forbiddenImports, layerRules } from './layer-rules.mjs';

export const TABLE_START = '<!-- layer-rules: printed from tooling/layer-rules.mjs by `npm run docs:layers`; edit the rules there -->';
export const TABLE_END = '<!-- /layer-rules -->';

/** The table and the sentence about the outer ring, as markdown (without the markers). */
export function layerTable() {
  const inner = new Set(layerRules.map((rule) => rule.folder));
  const outer = codeFolders.filter((folder) => !inner.has(folder) && !layerRules.some((rule) => rule.folder.startsWith(`${folder}/`)));
  return [
    '| layer | what it is | may import | never imports |',
    '| --- | --- | --- | --- |',
    ...layerRules.map((rule) => `| \`${rule.folder}/\` | ${rule.role} | ${mayImport(rule)} | ${neverImports(rule)} |`),
    '',
    `The outer ring (${outer.map((folder) => `\`${folder}/\``).join(', ')} and the root config files) may import every layer.`,
  ].join('\n');
}

/** @param {import('./layer-rules.d.mts').LayerRule} rule */
function mayImport(rule) {
  if (rule.imports.length === 0) return `nothing outside \`${rule.folder}/\``;
  return rule.imports
    .map((allowance) => {
      if (allowance.only !== undefined) return allowance.only.map((path) => `\`${allowance.folder}/${path}\``).join(', ');
      if (allowance.typesOnly !== true) return `\`${allowance.folder}/\``;
      const values = allowance.values === undefined ? '' : `, values only from \`${allowance.values}\` modules`;
      const wiring = allowance.wiring === undefined ? '' : ` (the wiring entries ${allowance.wiring.map((path) => `\`${path}\``).join(', ')} import anything)`;
      return `\`${allowance.folder}/\` with \`import type\` only${values}${wiring}`;
    })
    .join('; ');
}

/** @param {import('./layer-rules.d.mts').LayerRule} rule */
function neverImports(rule) {
  return forbiddenImports(rule)
    .map(({ folder, except }) => (except.length > 0 ? `the rest of \`${folder}/\`` : `\`${folder}/\``))
    .join(', ');
}

/** docs/architecture.md with the table between its markers replaced by `table`. */
export function withLayerTable(doc, table) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end < start) throw new Error(`docs/architecture.md: the markers ${TABLE_START} and ${TABLE_END} are missing`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--write') {
  const path = fileURLToPath(new URL('../docs/architecture.md', import.meta.url));
  writeFileSync(path, withLayerTable(readFileSync(path, 'utf8'), layerTable()));
}
