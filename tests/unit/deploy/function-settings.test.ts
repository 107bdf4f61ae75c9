import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const functionsDir = `${root}supabase/functions`;

/** Every deployable function: a folder of supabase/functions with a Deno entry (index.ts). */
const deployed = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${functionsDir}/${entry.name}/index.ts`))
  .map((entry) => entry.name)
  .sort();

function functionSettings(): Record<string, unknown> {
  const config = parse(readFileSync(`${root}supabase/config.toml`, 'utf8'));
  const functions = config.functions;
  return typeof functions === 'object' && !Array.isArray(functions) && !(functions instanceof Date) ? functions : {};
}

// supabase/config.toml decides who may call each function, locally and at deploy time: a function missing
// there would deploy with the CLI's default instead of a reviewed setting.
describe('supabase/config.toml', () => {
  it('lists exactly the functions of supabase/functions', () => {
    expect(Object.keys(functionSettings()).sort()).toEqual(deployed);
  });

  it('spells out verify_jwt for each of them', () => {
    const unset = Object.entries(functionSettings())
      .filter(([, settings]) => typeof settings !== 'object' || settings === null || !('verify_jwt' in settings) || typeof settings.verify_jwt !== 'boolean')
      .map(([name]) => name);
    expect(unset).toEqual([]);
  });
});
