import { resolve } from 'node:path';
import { compileFlowProject } from '../compile-flow-project';
import { formatFlowDiagnostic } from '../flow-error';
import { readFlowProject } from '../read-flow-project';

/**
 * `npm run flows -- <command> [--dir <project root>]`
 *
 *   check   validate every flows/*.yaml in every order, and flows/variants.yaml; exit 1 on any error
 *
 * Exit codes: 0 ok, 1 flow errors, 2 usage errors.
 */
export function flowsCli(argv: readonly string[], write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    write(args);
    write(usage);
    return 2;
  }
  switch (args.command) {
    case 'check':
      return check(args.dir, write);
    default:
      write(`unknown command "${args.command}"`);
      write(usage);
      return 2;
  }
}

const usage = [
  'usage: npm run flows -- <command> [--dir <project root>]',
  '  check   validate every flow (in every step order) and flows/variants.yaml',
].join('\n');

interface CliArgs {
  readonly command: string;
  readonly dir: string;
  readonly rest: readonly string[];
}

function parseArgs(argv: readonly string[]): CliArgs | string {
  let dir = process.cwd();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dir') {
      const value = argv[++i];
      if (value === undefined) return '--dir needs a path';
      dir = resolve(value);
    } else if (arg !== undefined) {
      positional.push(arg);
    }
  }
  const [command, ...rest] = positional;
  if (command === undefined) return 'missing command';
  return { command, dir, rest };
}

function check(dir: string, write: (line: string) => void): number {
  const project = readFlowProject(dir);
  if (project.flowFiles.length === 0) {
    write(`no flow files found in ${dir}/flows`);
    return 1;
  }
  const result = compileFlowProject(project, { verifyAllOrders: true });
  for (const c of result.checks) write(`ok ${c.file} (${c.stepCount} steps, order ${c.order}${c.compiled ? ', live' : ''})`);
  if (result.variants !== undefined && project.variantsFile !== undefined) {
    write(`ok ${project.variantsFile.file} (${Object.keys(result.variants.variants).length} variants of flag ${result.variants.flag})`);
  }
  for (const d of result.diagnostics) write(formatFlowDiagnostic(d));
  if (result.diagnostics.length > 0) {
    write(`${result.diagnostics.length} error${result.diagnostics.length === 1 ? '' : 's'}`);
    return 1;
  }
  return 0;
}

// Run when executed directly (tsx engine/cli/flows-cli.ts), not when imported by tests.
if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${resolve(process.argv[1])}`).href) {
  process.exitCode = flowsCli(process.argv.slice(2));
}
