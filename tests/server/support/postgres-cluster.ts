import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './test-server';

/**
 * A throw-away PostgreSQL cluster for proving the same migrations and queries on a real server. Uses
 * `initdb`/`pg_ctl` from PATH or Debian's /usr/lib/postgresql/<v>/bin. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the `postgres` user (via runuser).
 */
export interface PostgresCluster {
  /** A new, empty database on the cluster; each test server gets its own. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function findBinDir(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.status === 0 ? which.stdout.trim() : '';
  if (onPath !== '') return join(onPath, '..');
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) if (existsSync(join(debian, version, 'bin', 'initdb'))) return join(debian, version, 'bin');
  return undefined;
}

/**
 * Why a cluster cannot be started here, or undefined when it can. With REQUIRE_POSTGRES=1 (set by
 * `npm test` in CI) a reason throws instead, so the PostgreSQL half of a suite fails rather than skips.
 */
export function postgresUnavailableReason(): string | undefined {
  const reason = unavailableReason();
  if (reason !== undefined && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1, but the PostgreSQL half cannot run: ${reason}`);
  }
  return reason;
}

function unavailableReason(): string | undefined {
  if (process.env.SKIP_POSTGRES_TESTS === '1') return 'SKIP_POSTGRES_TESTS=1';
  if (findBinDir() === undefined) return 'initdb not found (PATH, /usr/lib/postgresql/*/bin); apt-get install -y postgresql';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return 'running as root and no postgres user to run the cluster as';
  return undefined;
}

/** `port`: where the cluster listens (a free one when absent; the load bench passes its own range). */
export async function startPostgresCluster(port?: number): Promise<PostgresCluster> {
  // The PostgreSQL halves never skip: a machine that cannot run a cluster fails them, saying why.
  const reason = unavailableReason();
  if (reason !== undefined) throw new Error(`a PostgreSQL cluster cannot start here: ${reason}`);
  const binDir = findBinDir();
  if (binDir === undefined) throw new Error('initdb not found');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: readonly string[]) => {
    const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(binDir, command), ...args]] : [join(binDir, command), [...args]];
    execFileSync(file, fileArgs, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'local-stack-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const dataDir = join(dir, 'data');
  const listenPort = port ?? (await freePort());
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'server.log'), '-o', `-p ${listenPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const adminUrl = `postgres://postgres@127.0.0.1:${listenPort}/postgres`;
  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`create database "${name.replaceAll('"', '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${listenPort}/${name}`;
    },
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
