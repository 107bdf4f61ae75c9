import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs a newcomer reads must not point at files that moved (issue 27, point 4):
 * - docs/architecture.md names files and folders in backticks. In "Where to make a common change" every
 *   path-like name must exist; elsewhere in the file every path-like name under a folder or file of the
 *   repository root must (other backticked names there are prose: URLs, packages, identifiers, names
 *   relative to the sentence's folder).
 * - docs/decisions/ holds one record per decision, each with the same five headings, and
 *   docs/decisions.md is their index: every record listed once, every line naming a record that exists.
 * - Comments and docs that cite a record or a section of the index cite one that exists.
 */

const root = resolve(import.meta.dirname, '../../..');
const architecturePath = 'docs/architecture.md';
const commonChangeSection = 'Where to make a common change';
const decisionsDir = 'docs/decisions';
const indexPath = 'docs/decisions.md';
const requiredHeadings = ['Context', 'Decision', 'Why', 'Measured', 'Status'] as const;
/** A record should read in a minute; split a longer one into several decisions. */
const maxRecordLines = 40;

function read(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** `.gitignore`'s patterns: a name matching one is a build output or local data, never committed. */
const ignoredNames: readonly RegExp[] = [
  '.git',
  ...read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!')),
].map((pattern) => new RegExp(`^${pattern.replace(/\/$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));

function isIgnored(name: string): boolean {
  return ignoredNames.some((pattern) => pattern.test(name));
}

/** The text's inline code spans, outside fenced blocks; a span wrapped over lines is joined. */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\s*\n\s*/g, ' ').trim());
}

/** The part of a markdown text under `## <heading>`, up to the next heading of that level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`${architecturePath} has no section "## ${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/**
 * Whether a code span names a file or folder: no spaces (a command), no URL path (`/api/...`), no path
 * outside the repository (`../`), no package (`@scope/name`), placeholder (`<lng>`), virtual module, call
 * or assignment; and either a slash or a file extension. A bare extension (`.ts`) is not a path.
 */
function looksLikePath(span: string): boolean {
  if (/\s/.test(span) || /^[/@<{:]/.test(span) || /^\.\.?\//.test(span)) return false;
  if (/[:()=[\]'",|;]/.test(span)) return false;
  if (span.startsWith('.') && !span.includes('/')) return false;
  return span.includes('/') || /\.[a-z]{2,5}$/.test(span);
}

/**
 * Every file or folder a path names, from `base`. `*` stands for any part of a name, and so do the
 * placeholders `<name>` and `{name}` (each one on its own: `server/<service>/create-<service>-routes.ts`
 * matches any folder and any such file in it). A trailing slash asks for a folder.
 */
/** Stands for a wildcard while the rest of a name is escaped (a private-use character, in no file name). */
const wildcard = '\uE000';

function resolvePath(path: string, base: string = root): string[] {
  const segments = path.split('/').filter((segment) => segment !== '');
  let found = [base];
  for (const segment of segments) {
    const pattern = /[*<{]/.test(segment)
      ? new RegExp(`^${segment.replace(/<[^>]*>|\{[^}]*\}|\*/g, wildcard).replace(/[.+?^$()|[\]\\]/g, '\\$&').replaceAll(wildcard, '[^/]+')}$`)
      : undefined;
    found = found.flatMap((dir) => {
      if (pattern === undefined) return existsSync(join(dir, segment)) ? [join(dir, segment)] : [];
      return isDirectory(dir) ? readdirSync(dir).filter((name) => pattern.test(name)).map((name) => join(dir, name)) : [];
    });
  }
  return path.endsWith('/') ? found.filter(isDirectory) : found;
}

const rootEntries = new Set(readdirSync(root).filter((name) => !isIgnored(name)));

/**
 * What a path-like name outside the common-change section refers to: a path from the root when its first
 * folder is a root entry, `supabase/functions/_shared/...` for `_shared/...` (how the text names the
 * functions' shared code), nothing to check for build outputs, installed packages (`zod/mini`) and bare
 * file names relative to the sentence's folder. `unknown` for a folder path that is none of these.
 */
function referenceOf(span: string): { readonly base: string } | 'prose' | 'unknown' {
  const first = span.split('/')[0] ?? '';
  if (rootEntries.has(first)) return { base: root };
  if (first === '_shared') return { base: join(root, 'supabase/functions') };
  if (!span.includes('/') || isIgnored(first) || existsSync(join(root, 'node_modules', first))) return 'prose';
  return 'unknown';
}

describe(`${architecturePath}: the files it names exist`, () => {
  const markdown = read(architecturePath);

  it(`names only existing paths in "${commonChangeSection}"`, () => {
    const paths = codeSpans(section(markdown, commonChangeSection)).filter(looksLikePath);
    // The section names the files for ten kinds of change; far fewer paths means the extraction broke.
    expect(paths.length).toBeGreaterThan(100);
    const missing = paths.filter((path) => resolvePath(path).length === 0);
    expect(missing, `paths in "${commonChangeSection}" that name no file or folder`).toEqual([]);
  });

  it('names only existing paths in the rest of the file', () => {
    const spans = codeSpans(markdown).filter(looksLikePath);
    const unknown = spans.filter((span) => referenceOf(span) === 'unknown');
    expect(unknown, 'folder paths under no root entry (a typo, or a folder that moved)').toEqual([]);
    const missing = spans.filter((span) => {
      const reference = referenceOf(span);
      return typeof reference === 'object' && resolvePath(span, reference.base).length === 0;
    });
    expect(missing, `paths in ${architecturePath} that name no file or folder`).toEqual([]);
  });
});

interface DecisionRecord {
  readonly file: string;
  readonly number: string;
  readonly lines: readonly string[];
  readonly sections: ReadonlyMap<string, string>;
}

function readRecord(file: string): DecisionRecord {
  const lines = read(`${decisionsDir}/${file}`).replace(/\n$/, '').split('\n');
  const sections = new Map<string, string>();
  let current: string | undefined;
  for (const line of lines) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      current = heading[1] ?? '';
      sections.set(current, '');
    } else if (current !== undefined) {
      sections.set(current, `${sections.get(current) ?? ''}${line}\n`);
    }
  }
  return { file, number: file.slice(0, 4), lines, sections };
}

/** `Accepted...` or `Superseded by [NNNN](NNNN-<slug>.md)...`: the record that replaced it. */
function statusOf(record: DecisionRecord): { readonly accepted: true } | { readonly supersededBy: string } | undefined {
  const status = (record.sections.get('Status') ?? '').trim();
  if (status.startsWith('Accepted')) return { accepted: true };
  const superseded = /^Superseded by \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)/.exec(status);
  return superseded?.[2]?.startsWith(superseded[1] ?? '') ? { supersededBy: superseded[2] } : undefined;
}

describe(`${decisionsDir}/ and its index ${indexPath}`, () => {
  const files = readdirSync(join(root, decisionsDir)).sort();
  const records = files.filter((file) => file.endsWith('.md')).map(readRecord);
  const recordFiles = new Set(records.map((record) => record.file));

  it('holds only records named NNNN-<kebab-case>.md, one per number', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(files.filter((file) => !/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(file))).toEqual([]);
    const numbers = records.map((record) => record.number);
    expect(numbers.filter((number, index) => numbers.indexOf(number) !== index), 'numbers used twice').toEqual([]);
  });

  it.each(records.map((record) => [record.file, record] as const))('%s has its title, the five headings and a status', (_file, record) => {
    expect(record.lines[0]).toMatch(new RegExp(`^# ${record.number}\\. \\S`));
    expect([...record.sections.keys()]).toEqual(requiredHeadings);
    for (const heading of requiredHeadings) expect((record.sections.get(heading) ?? '').trim(), `## ${heading} is empty`).not.toBe('');
    const status = statusOf(record);
    expect(status, 'Status starts with "Accepted" or "Superseded by [NNNN](NNNN-<slug>.md)"').toBeDefined();
    if (status !== undefined && 'supersededBy' in status) {
      expect(recordFiles.has(status.supersededBy), `${status.supersededBy} exists`).toBe(true);
      expect(status.supersededBy).not.toBe(record.file);
    }
    expect(record.lines.length, `at most ${maxRecordLines} lines`).toBeLessThanOrEqual(maxRecordLines);
    const links = [...record.lines.join('\n').matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1] ?? '');
    expect(links.filter((link) => !recordFiles.has(link)), 'links to records that do not exist').toEqual([]);
  });

  it('lists every record once, by its number, with its status, and nothing else', () => {
    const index = read(indexPath);
    const rows = [...index.matchAll(/^\| (\d{4}) \| \[.+\]\(decisions\/([^)]+)\) \| (.+) \|$/gm)].map((match) => ({
      number: match[1] ?? '',
      file: match[2] ?? '',
      status: match[3] ?? '',
    }));
    expect(rows.length, 'every link to a record is a row of a table').toBe([...index.matchAll(/\]\(decisions\/[^)]+\.md\)/g)].length);
    expect(rows.filter((row) => !recordFiles.has(row.file)).map((row) => row.file), 'rows naming no record').toEqual([]);
    expect(rows.filter((row) => !row.file.startsWith(`${row.number}-`)).map((row) => row.file), 'rows whose number is not the file\'s').toEqual([]);
    const listed = rows.map((row) => row.file);
    expect([...recordFiles].filter((file) => !listed.includes(file)), 'records missing from the index').toEqual([]);
    expect(listed.filter((file, index) => listed.indexOf(file) !== index), 'records listed twice').toEqual([]);
    for (const row of rows) {
      const record = records.find((candidate) => candidate.file === row.file);
      const status = record === undefined ? undefined : statusOf(record);
      const expected = status === undefined || 'accepted' in status ? 'accepted' : `superseded by ${status.supersededBy.slice(0, 4)}`;
      expect(row.status.startsWith(expected), `${row.file}: index says "${row.status}", the record "${expected}"`).toBe(true);
    }
  });
});

/** Folders and files whose text may cite a decision (the repository minus build outputs and packages). */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (isIgnored(entry.name) || entry.name === 'package-lock.json') return [];
    if (entry.isDirectory()) return textFiles(path);
    return /\.(ts|tsx|mts|mjs|js|md|yaml|yml|css|sh|toml|sql|html)$/.test(entry.name) ? [path] : [];
  });
}

describe('citations of the decision records', () => {
  const thisFile = resolve(import.meta.filename);
  const index = read(indexPath);
  const citing = textFiles(root)
    .filter((path) => path !== thisFile)
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => text.includes('docs/decisions'));

  it('name records that exist', () => {
    const broken = citing.flatMap(({ path, text }) =>
      [...text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)]
        .map((match) => match[1] ?? '')
        .filter((file) => !existsSync(join(root, decisionsDir, file)))
        .map((file) => `${path}: ${file}`),
    );
    expect(broken).toEqual([]);
  });

  it('name sections of the index that exist (docs/decisions.md, "<area>")', () => {
    // A citation may wrap inside a comment: the next line's comment marker is not part of the name.
    const broken = citing.flatMap(({ path, text }) =>
      [...text.replace(/\n\s*(\*|\/\/|#)?\s*/g, ' ').matchAll(/docs\/decisions\.md,?\s*\(?"([^"]+)"/g)]
        .map((match) => match[1] ?? '')
        .filter((heading) => !index.includes(`\n## ${heading}\n`))
        .map((heading) => `${path}: "${heading}"`),
    );
    expect(broken).toEqual([]);
  });
});
