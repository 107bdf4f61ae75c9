import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowArt } from './art/flow-art.ts';

/** `npm run art`: writes the option icons and the v2 backgrounds under public/ (see scripts/art/flow-art.ts). */
const root = fileURLToPath(new URL('..', import.meta.url));
let bytes = 0;
const files = flowArt(root);
for (const file of files) {
  const target = join(root, 'public', file.path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, file.content);
  bytes += file.content.length;
}
console.log(`art: wrote ${files.length} files (${Math.round(bytes / 1024)} KB) under public/`);
