import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { verifyTranslations } from './verify-translations';

/**
 * `tsx engine/verify-translations-cli.ts [locales dir]` (default `public/locales`): prints one line per
 * problem and returns 1 when there is any, 0 otherwise.
 */
export function verifyTranslationsCli(
  argv: readonly string[],
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): number {
  const localesDir = resolve(argv[0] ?? 'public/locales');
  let problems;
  try {
    problems = verifyTranslations(localesDir);
  } catch (error) {
    write(error instanceof Error ? error.message : String(error));
    return 1;
  }
  for (const problem of problems) write(problem.message);
  if (problems.length > 0) {
    write(`${problems.length} translation problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  write(`translations ok (${localesDir})`);
  return 0;
}

// Run when executed directly, not when imported by tests or by the flows CLI.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = verifyTranslationsCli(process.argv.slice(2));
}
