// The ESLint config blocks that enforce tooling/layer-rules.mjs: import-x/no-restricted-paths zones for
// every folder a layer may not import (resolved paths, so every spelling of an import is caught, dynamic
// `import()` too), and for a types-only allowance typescript-eslint's no-restricted-imports with
// `allowTypeImports` (import-x's zones cannot tell `import type` apart) plus a selector for `import()`,
// which is never type-only. eslint.config.js spreads these blocks in.
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
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerRules.flatMap(zonesOf) }] },
    },
    ...layerRules.flatMap((rule) => rule.imports.filter((allowance) => allowance.typesOnly === true).map((allowance) => typesOnlyBlock(rule, allowance))),
  ];
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
