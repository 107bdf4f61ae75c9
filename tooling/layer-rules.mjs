// The layer rules of docs/architecture.md ("Layers") as data. eslint.config.js turns them into lint rules
// (tooling/layer-lint-config.mjs) and the doc's table is printed from them (tooling/layer-table.mjs), so
// the picture and the rules cannot say different things. Plain JavaScript: ESLint loads its config
// without compiling TypeScript; the types are in layer-rules.d.mts.

/**
 * Every top-level folder that holds code. A layer never imports from any of these except its own folder
 * and what its rule allows.
 */
export const codeFolders = ['engine', 'services', 'screens', 'server', 'supabase', 'tooling', 'stories', '.storybook', 'tests', 'bench', 'scripts'];

/**
 * The inner layers, innermost first. The outer ring (tooling, stories, .storybook, tests, bench, scripts
 * and the root config files) may import any layer: it builds, shows or tests them.
 *
 * @type {readonly import('./layer-rules.d.mts').LayerRule[]}
 */
export const layerRules = [
  {
    folder: 'engine',
    role: 'pure TypeScript shared by the browser, the build and the server',
    imports: [],
  },
  {
    folder: 'services',
    role: 'browser adapters behind small interfaces',
    imports: [{ folder: 'engine' }],
  },
  {
    folder: 'screens',
    role: 'React UI; gets the service areas it uses handed in',
    imports: [
      { folder: 'engine' },
      {
        folder: 'services',
        // A screen sees a service as the type of what it is handed; `import type` is erased, so no service
        // code enters a screen's module graph through a screen.
        typesOnly: true,
        // The error classes services reject with are part of their interfaces: a caller recognises them
        // with `instanceof`, and such a file holds no implementation to choose.
        values: '*-error.ts',
        // Each bundle's entry is where implementations meet the screens: the app (the composition root),
        // the build-time render (its own composition root) and the inline boot script (bundled with the
        // service modules it runs before the app exists).
        wiring: ['screens/main.tsx', 'screens/prerender/render-first-steps.tsx', 'screens/boot/boot-script.ts'],
      },
    ],
  },
  {
    folder: 'server',
    role: 'the local stack',
    imports: [
      { folder: 'engine' },
      // The handlers' shared code: the local stack runs the same functions Supabase deploys.
      { folder: 'supabase', only: ['functions/_shared'] },
      // Contracts with the browser's side of the same wire: the resolver origin its CSP allows, the
      // messages between the Stripe.js sandbox and the payment frames the server serves, the pixel's
      // queue its stand-in implements.
      { folder: 'services', only: ['flags/flag-settings.ts', 'payments/sandbox/sandbox-frame-protocol.ts', 'tracking/fbq.ts'] },
    ],
  },
  {
    folder: 'supabase/functions',
    role: 'what Supabase deploys; Deno loads it as it is',
    imports: [],
  },
];

/**
 * The folders `rule`'s layer may not import, each with the paths of it (relative to it) that are allowed
 * after all. A types-only allowance is not here: the screens' types-only rule checks it.
 *
 * @param {import('./layer-rules.d.mts').LayerRule} rule
 * @returns {{ folder: string, except: readonly string[] }[]}
 */
export function forbiddenImports(rule) {
  return codeFolders
    // Its own folder, and a folder it lives in (supabase/functions in supabase), are its own.
    .filter((folder) => folder !== rule.folder && !rule.folder.startsWith(`${folder}/`))
    .flatMap((folder) => {
      const allowance = rule.imports.find((candidate) => candidate.folder === folder);
      if (allowance === undefined) return [{ folder, except: [] }];
      return allowance.only === undefined ? [] : [{ folder, except: allowance.only }];
    });
}
