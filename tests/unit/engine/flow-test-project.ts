import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FlowProjectInput } from '../../../engine/compile-flow-project';
import { wideImagePath } from '../../../engine/wide-image-path';

/** The repository root (flows/ and public/ of the real project). */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The real project's inputs, in memory; images count as present unless `publicFileExists` says otherwise. */
export function realProjectInput(overrides: Partial<FlowProjectInput> = {}): FlowProjectInput {
  const flowNames = readdirSync(join(repoRoot, 'flows')).filter((n) => n.endsWith('.yaml') && n !== 'variants.yaml').sort();
  const read = (file: string) => ({ file, text: readFileSync(join(repoRoot, file), 'utf8') });
  return {
    flowFiles: flowNames.map((n) => read(`flows/${n}`)),
    variantsFile: read('flows/variants.yaml'),
    translationFiles: readdirSync(join(repoRoot, 'public/locales/en'))
      .filter((n) => n.endsWith('.json'))
      .map((n) => ({ namespace: n.replace(/\.json$/, ''), ...read(`public/locales/en/${n}`) })),
    publicFileExists: () => true,
    ...overrides,
  };
}

/**
 * A temporary copy of the project's flows/ and English locales, with an empty file for every
 * background image the flows reference and its desktop crop, and the option icons (the checks need
 * them to exist). Remove it with `cleanup`.
 */
export function tempFlowProject(): { dir: string; write(file: string, text: string): void; read(file: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'flow-project-'));
  cpSync(join(repoRoot, 'flows'), join(dir, 'flows'), { recursive: true });
  cpSync(join(repoRoot, 'public/locales/en'), join(dir, 'public/locales/en'), { recursive: true });
  cpSync(join(repoRoot, 'public/icons'), join(dir, 'public/icons'), { recursive: true });
  for (const name of readdirSync(join(dir, 'flows')).filter((file) => /\.ya?ml$/.test(file))) {
    const text = readFileSync(join(dir, 'flows', name), 'utf8');
    for (const match of text.matchAll(/\/images\/[A-Za-z0-9/_.-]+\.svg/g)) {
      for (const image of [match[0], wideImagePath(match[0])].map((path) => join(dir, 'public', path))) {
        mkdirSync(dirname(image), { recursive: true });
        writeFileSync(image, '<svg xmlns="http://www.w3.org/2000/svg"/>');
      }
    }
  }
  return {
    dir,
    write: (file, text) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    },
    read: (file) => readFileSync(join(dir, file), 'utf8'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The 1-based line and column of the first occurrence of `needle` (after `after`, if given) in `text`. */
export function positionOf(text: string, needle: string, after = ''): { line: number; column: number } {
  const start = after === '' ? 0 : text.indexOf(after);
  const offset = text.indexOf(needle, start);
  if (start < 0 || offset < 0) throw new Error(`"${needle}" not found`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}
