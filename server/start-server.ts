import { serve } from '@hono/node-server';
import type { ServerType } from '@hono/node-server';
import { createApiKeys } from './api-keys';
import { createAuthRoutes } from './auth/create-auth-routes';
import type { AuthRoutesDeps } from './auth/create-auth-routes';
import type { ApiKeys } from './api-keys';
import type { ServerConfig } from './config';
import { createApp } from './create-app';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import type { OpenDatabaseOptions } from './db/open-database';
import { createMailRoutes } from './mail/create-mail-routes';
import { createMailbox } from './mail/create-mailbox';
import type { Mailbox } from './mail/create-mailbox';
import { seedStripeCatalogue } from './stripe/catalogue/seed-stripe-catalogue';

export interface RunningServer {
  /** Where the server listens, e.g. http://localhost:3000. */
  readonly url: string;
  readonly port: number;
  readonly db: Database;
  readonly apiKeys: ApiKeys;
  readonly mailbox: Mailbox;
  readonly appliedMigrations: readonly string[];
  /** Stops accepting requests, then closes the database (PGlite must be closed or Node hangs). */
  close(): Promise<void>;
}

export interface StartServerOptions extends OpenDatabaseOptions {
  readonly hostname?: string;
  /** Auth tuning (rate limits, intervals) for tests; production uses the defaults. */
  readonly auth?: Partial<Omit<AuthRoutesDeps, 'db' | 'config' | 'mailbox'>>;
  /** A database already being opened (main.ts starts it before loading the app's modules). */
  readonly database?: Promise<Database>;
}

/** Opens and migrates the database and listens: the whole local stack, for main.ts and for tests. */
export async function startServer(config: ServerConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const db = await (options.database ?? openDatabase(config, options));
  let server: ServerType | undefined;
  try {
    const { applied } = await migrate(db);
    const apiKeys = await createApiKeys(config);
    const mailbox = createMailbox(db);
    const app = createApp({
      db,
      config,
      apiKeys,
      mailRoutes: createMailRoutes(mailbox),
      authRoutes: createAuthRoutes({ ...options.auth, db, config, mailbox }),
    });
    await seedStripeCatalogue(db, config, (request) => app.fetch(request));
    const listening = await new Promise<ServerType>((resolve, reject) => {
      const created = serve({ fetch: app.fetch, port: config.port, hostname: options.hostname }, () => resolve(created));
      created.once('error', reject);
    });
    server = listening;
    const address = listening.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    let closing: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      db,
      apiKeys,
      mailbox,
      appliedMigrations: applied,
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            listening.close(() => resolve());
            // Keep-alive connections would hold close() open; nothing is in flight at shutdown.
            if ('closeAllConnections' in listening) listening.closeAllConnections();
          });
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    server?.close();
    await db.close();
    throw error;
  }
}
