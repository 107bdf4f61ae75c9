// The ESLint config blocks that enforce tooling/layer-rules.mjs: import-x/no-restricted-paths zones for
// every folder a layer may not import (resolved paths, so every spelling of an import is caught, dynamic
// `import()` too), and for a types-only allowance typescript-eslint's no-restricted-imports with
// `allowTypeImports` (import-x's zones cannot tell `import type` apart) plus a selector for `import()`,
// which is never type-only. eslint.config.js spreads these blocks in.
import { AREA_CONTEXTS, areaRules, forbiddenAreas } from './area-rules.mjs';
import { forbiddenImports, layerRules } from './layer-rules.mjs';

const WHERE = 'docs/architecture.md, "Layers"';

/**
 * @param {string} root the repository root: the zones' paths are relative to it
 * @returns {import('eslint').Linter.Config[]}
 */
export function layerLintConfig(root) {
  return [
    {
      files: ['**/*.{ts,tsx,mts,js,mjs}'],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layerRules.flatMap(zonesOf), ...areaRules.flatMap(areaZonesOf)] }] },
    },
    ...layerRules.flatMap((rule) => rule.imports.filter((allowance) => allowance.typesOnly === true).map((allowance) => typesOnlyBlock(rule, allowance))),
    ...areaRules.map(areaHooksBlock),
  ];
}

const AREAS_WHERE = 'docs/architecture.md, "Services by area"; tooling/area-rules.mjs';

/**
 * A screens/ folder's zones: the service folders of the areas it does not use, and the whole
 * `AppServices` (only the entries hold it; a route table takes the areas it uses).
 *
 * @param {import('./area-rules.d.mts').AreaRule} rule
 */
function areaZonesOf(rule) {
  return [
    ...forbiddenAreas(rule).flatMap((area) =>
      area.services.map((folder) => ({ target: `./${rule.folder}`, from: `./services/${folder}`, message: `${rule.folder}/ does not use the ${area.name} area (${AREAS_WHERE}).` })),
    ),
    { target: `./${rule.folder}`, from: './services/app-services.ts', message: `${rule.folder}/ takes the areas it uses, not AppServices (${AREAS_WHERE}).` },
  ];
}

/**
 * The hooks and contexts of the areas a screens/ folder does not use (core no-restricted-imports: the
 * typescript-eslint rule of the same purpose holds the layers' types-only rule for screens/).
 *
 * @param {import('./area-rules.d.mts').AreaRule} rule
 */
function areaHooksBlock(rule) {
  return {
    files: [`${rule.folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbiddenAreas(rule).map((area) => ({
            regex: `(?:^|/)${escapeRegExp(AREA_CONTEXTS.split('/').pop() ?? '')}$`,
            importNames: [...area.names],
            message: `${rule.folder}/ does not use the ${area.name} area (${AREAS_WHERE}).`,
          })),
        },
      ],
    },
  };
}

/** @param {import('./layer-rules.d.mts').LayerRule} rule */
function zonesOf(rule) {
  return forbiddenImports(rule).map(({ folder, except }) => {
    const beyond = except.length > 0 ? ` beyond ${except.map((path) => `${folder}/${path}`).join(', ')}` : '';
    return { target: `./${rule.folder}`, from: `./${folder}`, except: except.map((path) => `./${path}`), message: `${rule.folder}/ imports nothing from ${folder}/${beyond} (${WHERE}).` };
  });
}

/**
 * @param {import('./layer-rules.d.mts').LayerRule} rule
 * @param {import('./layer-rules.d.mts').LayerImport} allowance
 */
function typesOnlyBlock(rule, allowance) {
  const folder = escapeRegExp(allowance.folder);
  const values = allowance.values === undefined ? '' : `(?!(?:.*/)?${filePattern(allowance.values)}$)`;
  const message = `${rule.folder}/ imports ${allowance.folder}/ with \`import type\` only${allowance.values === undefined ? '' : ` (values: ${allowance.values})`}; what it needs at run time is handed in (${WHERE}).`;
  return {
    files: [`${rule.folder}/**/*.{ts,tsx,mts,js,mjs}`],
    ignores: [...(allowance.wiring ?? [])],
    rules: {
      // Specifiers, not resolved paths: both folders are top-level and the repository has no path aliases,
      // so a relative specifier is the only way from one to the other.
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: `^(?:\\.\\./)+${folder}/${values}`, allowTypeImports: true, message }] }],
      // esquery's regular expressions cannot contain `/`: \W stands for it.
      'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/^(\\.\\.\\W)+${folder}\\W/]`, message }],
    },
  };
}

/** `*-error.ts` -> a pattern for a specifier's last segment, with or without the extension. */
function filePattern(pattern) {
  const withoutExtension = pattern.replace(/\.ts$/, '');
  return `${withoutExtension.split('*').map(escapeRegExp).join('[^/]*')}(?:\\.ts)?`;
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
