import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { BootSettings } from '../screens/boot/boot-script.ts';

const BOOT_DIR = fileURLToPath(new URL('../screens/boot/', import.meta.url));

/**
 * The inline `<script>` body of a page: screens/boot/boot-script.ts and the app's modules it imports,
 * bundled by esbuild into one minified classic script (an IIFE: inline scripts cannot import) that
 * calls `runBootScript` with the build's settings. It is in every page's first bytes, so it is built
 * for size; the server hashes it for the page's CSP (server/inline-source-hashes.ts).
 */
export function bootScriptSource(settings: BootSettings): string {
  // `</` inside the JSON would close the script element early.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  const result = buildSync({
    stdin: { contents: `import { runBootScript } from './boot-script.ts';\nrunBootScript(${json});\n`, resolveDir: BOOT_DIR, loader: 'ts', sourcefile: 'boot-entry.ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // The settings' translations as they are (UTF-8 like the page), not \u escapes: fewer bytes.
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (output === undefined) throw new Error('boot script: esbuild wrote nothing');
  return output.text.trim();
}
