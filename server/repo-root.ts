import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above `moduleUrl` with a package.json. Counting `..` from
 * a module breaks once scripts/build-server.mjs bundles it into dist-server/server/main.mjs, where every
 * module's import.meta.url is the bundle's; dist-server has no package.json, so this finds the same
 * root from both places.
 */
export function repoRoot(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
  return dir;
}
