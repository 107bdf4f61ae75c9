import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadServerConfig } from '../../../server/config';
import type { ServerConfig } from '../../../server/config';
import { migrationSources } from '../../../server/db/migrate';
import { CATALOGUE_FILE } from '../../../server/stripe/catalogue/stripe-catalogue';
import { startServer } from '../../../server/start-server';
import type { RunningServer, StartServerOptions } from '../../../server/start-server';
import { edgeRuntimeRequested, startEdgeRuntime } from './edge-runtime';

/** A port nobody listens on right now (the server needs it before start-up for SITE_URL). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const source of migrationSources) {
    if (!existsSync(source.directory)) continue;
    for (const name of readdirSync(source.directory).sort()) {
      hash.update(`${source.name}/${name}\n`);
      hash.update(readFileSync(join(source.directory, name)));
    }
  }
  // The template also holds the seeded Stripe catalogue (startServer seeds it).
  hash.update(readFileSync(CATALOGUE_FILE));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite cluster as a dump, built once per migration set and kept in the temp dir: a new
 * PGlite takes ~5 s to initdb, loading a dump ~0.7 s.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `local-stack-pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const dir = mkdtempSync(join(tmpdir(), 'local-stack-template-'));
    // The whole start-up (migrations and the Stripe catalogue seed), so each test server starts warm.
    const running = await startServer(loadServerConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DIST_DIR: join(dir, 'no-dist') }));
    await running.close();
    const pglite = await PGlite.create({ dataDir: join(dir, 'pglite') });
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    // rename is atomic: parallel test files never read a half-written template.
    renameSync(partial, file);
    rmSync(dir, { recursive: true, force: true });
  }
  return new Blob([readFileSync(file)]);
}

export interface TestServer extends RunningServer {
  readonly config: ServerConfig;
  readonly dataDir: string;
  /** Under FUNCTIONS_RUNTIME=deno: what the Deno edge runtime printed so far (the functions' logs). */
  readonly edgeRuntimeOutput?: () => string;
}

export interface TestServerOptions {
  /** Run against this PostgreSQL database instead of a fresh PGlite. */
  readonly databaseUrl?: string;
  /** Reuse a data directory (restart tests); a fresh temp dir otherwise. */
  readonly dataDir?: string;
  readonly distDir?: string;
  readonly env?: Record<string, string>;
  readonly start?: StartServerOptions;
  /** Run the functions in this process even under FUNCTIONS_RUNTIME=deno (tests of the Node runner itself). */
  readonly functionsInProcess?: boolean;
}

/** The whole local stack in this process, on a free port, with its own data. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'local-stack-test-'));
  const port = await freePort();
  // FUNCTIONS_RUNTIME=deno (the `deno` stage of npm test): the functions run under Deno, behind this stack as behind Supabase's gateway.
  const edgePort = edgeRuntimeRequested && options.functionsInProcess !== true ? await freePort() : undefined;
  const config = loadServerConfig({
    PORT: String(port),
    ...(edgePort === undefined ? {} : { FUNCTIONS_URL: `http://127.0.0.1:${edgePort}` }),
    DATA_DIR: dataDir,
    DIST_DIR: options.distDir ?? join(dataDir, 'no-dist'),
    ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
    ...options.env,
  });
  const fresh = options.databaseUrl === undefined && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
  const running = await startServer(config, {
    ...options.start,
    ...(fresh ? { loadDataDir: await pgliteTemplate() } : {}),
    auth: { rateLimits: generousRateLimits, ...options.start?.auth },
  });
  if (edgePort === undefined) return { ...running, config, dataDir };
  let edge;
  try {
    edge = await startEdgeRuntime(edgePort, config, running.apiKeys);
  } catch (error) {
    await running.close();
    throw error;
  }
  const { close: stopEdge, output } = edge;
  return {
    ...running,
    config,
    dataDir,
    edgeRuntimeOutput: output,
    // The gateway first (its webhook deliveries still reach the functions), then the runtime.
    close: async () => {
      await running.close();
      await stopEdge();
    },
  };
}

const generous = { max: 10_000, windowSeconds: 300 };
const generousRateLimits = { token: generous, signup: generous, recover: generous, verify: generous, user_update: generous };
