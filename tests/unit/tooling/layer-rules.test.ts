import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { AREA_CONTEXTS, areaRules, forbiddenAreas } from '../../../tooling/area-rules.mjs';
import { forbiddenImports, layerRules } from '../../../tooling/layer-rules.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONFIG = join(ROOT, 'eslint.config.js');

/** The rules this file proves; the others need type information, which these checks do without. */
const LAYER_RULES: ReadonlySet<string> = new Set(['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports', 'no-restricted-imports', 'no-restricted-syntax', 'import-x/no-cycle']);

/**
 * The repository's own eslint.config.js, limited to the layer and cycle rules and parsing without the
 * TypeScript project (seconds instead of a minute): a rule taken out of the config fails these tests.
 */
function repositoryLint(cwd = ROOT): ESLint {
  return new ESLint({
    cwd,
    overrideConfigFile: CONFIG,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId),
  });
}

interface Problem {
  readonly ruleId: string | null;
  readonly message: string;
}

/** Lints `source` as if it were the file `path` (relative to the repository root); nothing is written. */
async function lintPlanted(path: string, source: string): Promise<Problem[]> {
  const [result] = await repositoryLint().lintText(source, { filePath: join(ROOT, path) });
  if (result === undefined) throw new Error(`no lint result for ${path}`);
  return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

/** A specifier from the file `from` to the file `to`, both relative to the repository root. */
function specifier(from: string, to: string): string {
  const path = relative(posix.dirname(from), to).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** A TypeScript module in `folder` (relative to the root) outside the paths in `except` (relative to `folder`). */
function moduleIn(folder: string, except: readonly string[] = []): string {
  const visit = (dir: string): string | undefined => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (except.some((skipped) => path === `${folder}/${skipped}` || path.startsWith(`${folder}/${skipped}/`))) continue;
      if (entry.isDirectory() && entry.name !== 'node_modules') {
        const found = visit(path);
        if (found !== undefined) return found;
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) return path;
    }
    return undefined;
  };
  const found = visit(folder);
  if (found === undefined) throw new Error(`no TypeScript module in ${folder}/`);
  return found;
}

const rulesOf = (problems: readonly Problem[]) => problems.map((problem) => problem.ruleId);

describe('layer rules (eslint.config.js from tooling/layer-rules.mjs)', () => {
  const zones = layerRules.flatMap((rule) => forbiddenImports(rule).map((forbidden) => ({ layer: rule.folder, ...forbidden })));

  it('has a zone for every folder a layer may not import', () => {
    // The five inner layers, each closed off from the rest of the repository.
    expect(new Set(zones.map((zone) => zone.layer))).toEqual(new Set(['engine', 'services', 'screens', 'server', 'supabase/functions']));
    expect(zones.filter((zone) => zone.layer === 'engine').map((zone) => zone.folder)).toEqual(
      expect.arrayContaining(['screens', 'services', 'server', 'tooling', 'supabase', 'stories', '.storybook']),
    );
  });

  it.each(zones)('reports an import planted in $layer of $folder', async ({ layer, folder, except }) => {
    const planted = `${layer}/planted-layer-violation.ts`;
    const target = moduleIn(folder, except);
    const problems = await lintPlanted(planted, `import '${specifier(planted, target)}';\nexport const planted = await import('${specifier(planted, target)}');\n`);
    // Both the static and the dynamic import.
    expect(problems.filter((problem) => problem.ruleId === 'import-x/no-restricted-paths'), `${planted} -> ${target}`).toHaveLength(2);
    expect(problems[0]?.message).toContain('docs/architecture.md');
  });

  it('lets server/ import the shared contracts and supabase/functions/_shared, nothing else of theirs', async () => {
    const planted = 'server/planted-layer-violation.ts';
    const allowed = ['services/flags/flag-settings.ts', 'services/payments/sandbox/sandbox-frame-protocol.ts', 'supabase/functions/_shared/function-response.ts'];
    expect(await lintPlanted(planted, allowed.map((path) => `import '${specifier(planted, path)}';\n`).join(''))).toEqual([]);
    const internal = await lintPlanted(planted, `import '${specifier(planted, 'services/composition-root.ts')}';\nimport '${specifier(planted, 'supabase/functions/list-stripe-prices/handler.ts')}';\n`);
    expect(rulesOf(internal)).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
  });

  describe('screens/ import services/ with `import type` only', () => {
    const screen = 'screens/checkout/planted-screen.ts';
    const implementation = specifier(screen, 'services/supabase/create-supabase-services.ts');

    it('reports a value import, a re-export and a dynamic import of a service module', async () => {
      const problems = await lintPlanted(
        screen,
        `import { createSupabaseServices } from '${implementation}';\nexport { supabaseSettings } from '${specifier(screen, 'services/supabase/supabase-settings')}';\nexport const load = () => import('${implementation}');\nexport const made = createSupabaseServices;\n`,
      );
      expect(rulesOf(problems)).toEqual(['@typescript-eslint/no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax']);
      expect(problems[0]?.message).toContain('docs/architecture.md');
    });

    it('accepts type imports, error modules and the wiring entries', async () => {
      const typed = `import type { SupabaseServices } from '${implementation}';\nimport { BackendFunctionError } from '${specifier(screen, 'services/account/backend-function-error')}';\nexport type Planted = SupabaseServices | BackendFunctionError;\nexport const planted = BackendFunctionError;\n`;
      expect(await lintPlanted(screen, typed)).toEqual([]);
      expect(await lintPlanted('screens/main.tsx', `import { createAppServices } from '../services/composition-root';\nexport const planted = createAppServices;\n`)).toEqual([]);
    });
  });

  describe('services by area: a screens/ folder uses only its areas (tooling/area-rules.mjs)', () => {
    const cases = areaRules.flatMap((rule) => forbiddenAreas(rule).map((area) => ({ folder: rule.folder, area: area.name, services: area.services, names: area.names })));

    it('keeps the questionnaire off the account, the checkout and the help centre', () => {
      expect(cases.filter((entry) => entry.folder === 'screens/funnel').map((entry) => entry.area)).toEqual(['account', 'checkout', 'help-centre']);
    });

    it.each(cases)('reports $folder reaching the $area area: its hook, its context, its services', async ({ folder, area, services, names }) => {
      const planted = `${folder}/planted-area-violation.ts`;
      const serviceModule = moduleIn(`services/${services[0] ?? area}`);
      const problems = await lintPlanted(
        planted,
        `import { ${names.join(', ')} } from '${specifier(planted, AREA_CONTEXTS)}';\nimport type { Planted } from '${specifier(planted, serviceModule)}';\nexport type Used = Planted;\nexport const used = [${names.join(', ')}];\n`,
      );
      expect(rulesOf(problems), `${planted}: ${area}`).toEqual(['no-restricted-imports', 'no-restricted-imports', 'import-x/no-restricted-paths']);
      expect(problems[0]?.message).toContain(`does not use the ${area} area`);
    });

    it('reports a route table or page taking the whole AppServices, and accepts the areas a folder uses', async () => {
      const planted = 'screens/funnel/planted-area-violation.ts';
      const whole = await lintPlanted(planted, `import type { AppServices } from '${specifier(planted, 'services/app-services.ts')}';\nexport type Used = AppServices;\n`);
      expect(rulesOf(whole)).toEqual(['import-x/no-restricted-paths']);
      const own = await lintPlanted(
        planted,
        `import { useFunnelArea, usePageArea, useTelemetryArea } from '${specifier(planted, AREA_CONTEXTS)}';\nimport type { FunnelArea } from '${specifier(planted, 'services/funnel/funnel-area.ts')}';\nexport type Used = FunnelArea;\nexport const used = [useFunnelArea, usePageArea, useTelemetryArea];\n`,
      );
      expect(own).toEqual([]);
      const checkout = 'screens/checkout/planted-area-use.ts';
      expect(await lintPlanted(checkout, `import { useCheckoutArea } from '${specifier(checkout, AREA_CONTEXTS)}';\nexport const used = useCheckoutArea;\n`)).toEqual([]);
    });
  });

  describe('import cycles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'planted-cycle-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports two modules that import each other, and not when one side imports only types', async () => {
      writeFileSync(join(dir, 'first.ts'), "import { second } from './second';\nexport const first = (): number => second() + 1;\n");
      writeFileSync(join(dir, 'second.ts'), "import { first } from './first.ts';\nexport const second = (): number => 1;\nexport const again = first;\n");
      writeFileSync(join(dir, 'typed.ts'), "import type { Other } from './other';\nexport interface Typed { readonly other?: Other }\nexport const typed = 1;\n");
      writeFileSync(join(dir, 'other.ts'), "import { typed } from './typed';\nexport interface Other { readonly typed: number }\nexport const other = typed;\n");
      // The same config, in a folder of its own outside the repository: nothing planted in the tree.
      const results = await repositoryLint(dir).lintFiles([join(dir, '*.ts')]);
      expect(Object.fromEntries(results.map((result) => [relative(dir, result.filePath), rulesOf(result.messages)]))).toEqual({
        'first.ts': ['import-x/no-cycle'],
        'second.ts': ['import-x/no-cycle'],
        'typed.ts': [],
        'other.ts': [],
      });
    });
  });

  it('passes on the repository as it is', { timeout: 240_000 }, async () => {
    const results = await repositoryLint().lintFiles(layerRules.map((rule) => `${rule.folder}/`));
    const problems = results.flatMap((result) => result.messages.map((message) => `${relative(ROOT, result.filePath)}:${message.line} ${message.ruleId ?? ''} ${message.message}`));
    expect(problems).toEqual([]);
    expect(results.length).toBeGreaterThan(400);
  });
});
