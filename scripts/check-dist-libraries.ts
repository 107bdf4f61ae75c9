import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBudget } from '../bench/bundle-budget';

/**
 * Fails (exit 1) when the built client carries a library that belongs at build time only (the YAML
 * parser, classic zod instead of `zod/mini`): the bench's scan (bench/bundle-budget.ts), run after every
 * build so CI catches it, not only `npm run bench`.
 * Usage: tsx scripts/check-dist-libraries.ts [distDir]   (default: $DIST_DIR or dist)
 */
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const distDir = resolve(process.argv[2] ?? process.env.DIST_DIR ?? join(root, 'dist'));
const report = bundleBudget(distDir);
if (report === undefined) {
  console.error(`check-dist-libraries: no ${join(distDir, '.vite/manifest.json')} (build first)`);
  process.exit(1);
}
for (const { file, library } of report.forbidden) console.error(`check-dist-libraries: ${library} in ${file}`);
if (report.forbidden.length > 0) process.exit(1);
console.log('check-dist-libraries: no build-time libraries in dist');
