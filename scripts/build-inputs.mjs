// What a build was made from, so `npm start` rebuilds exactly when one of them changed: the content
// of every source file (not file times: a checkout, a copy or a clock change can leave a newer source
// with an older time) and the environment variables the build reads (FLOW_ORDER, DEPLOY_ENV, NODE_ENV,
// every VITE_*). The record is a JSON file beside the build; types in build-inputs.d.mts.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const skipped = new Set(['node_modules', '.git', 'dist', 'dist-server', '.data']);

/** Everything Vite reads for the SPA; server-only folders are not here, they do not affect dist/. */
export const appSourcePaths = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'screens',
  'engine',
  'services',
  'flows',
  'public',
  'config',
  'src',
  // Vite reads these for the production mode.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];
/** Variables the build reads besides every VITE_* (the flows plugin, the store listings, Vite's mode). */
export const appEnvNames = ['FLOW_ORDER', 'DEPLOY_ENV', 'NODE_ENV'];

/** The file name of the record inside the build directory. */
export const recordName = '.build-inputs.json';

/** Every file under `paths` (relative to root), sorted, without tests and build output. */
function filesUnder(root, paths) {
  const found = [];
  const walk = (path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (!stats.isDirectory()) {
      found.push(path);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (skipped.has(entry) || /\.test\.tsx?$/.test(entry)) continue;
      walk(join(path, entry));
    }
  };
  for (const path of paths) walk(join(root, path));
  return found.map((file) => relative(root, file).split(sep).join('/')).sort();
}

/** The names of the environment variables that change what a build produces. */
export function buildEnvNames(env, fixed) {
  return [...new Set([...fixed, ...Object.keys(env).filter((name) => name.startsWith('VITE_'))])].sort();
}

/**
 * The inputs of a build: `env` holds the values of the variables named in `envNames` (unset ones are
 * left out) and `sources` one SHA-256 over the paths and contents of the files under `paths`.
 */
export function buildInputs({ root, paths, env, envNames }) {
  const hash = createHash('sha256');
  const files = filesUnder(root, paths);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  const values = {};
  for (const name of buildEnvNames(env, envNames)) if (env[name] !== undefined) values[name] = env[name];
  return { env: values, sources: hash.digest('hex'), files: files.length };
}

/** The inputs recorded with the build in `dir`, or undefined when there is none (or it is unreadable). */
export function recordedInputs(dir) {
  const file = join(dir, recordName);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function recordInputs(dir, inputs) {
  writeFileSync(join(dir, recordName), `${JSON.stringify(inputs, null, 2)}\n`);
}

/**
 * Why the build in `dir` does not match `current` (one line for the log), or undefined when it does.
 * `output` is a file the build must have produced.
 */
export function staleReason(dir, output, current) {
  if (!existsSync(join(dir, output))) return `no build yet (${output} missing)`;
  const recorded = recordedInputs(dir);
  if (recorded === undefined || typeof recorded !== 'object' || recorded === null) return `no record of its inputs (${recordName})`;
  const before = typeof recorded.env === 'object' && recorded.env !== null ? recorded.env : {};
  const changed = [...new Set([...Object.keys(before), ...Object.keys(current.env)])].filter((name) => before[name] !== current.env[name]).sort();
  const reasons = [];
  if (recorded.sources !== current.sources) reasons.push('sources changed');
  // Names only: values may be long keys, and nothing secret is recorded, but the log need not show them.
  if (changed.length > 0) reasons.push(`${changed.join(', ')} changed`);
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}
