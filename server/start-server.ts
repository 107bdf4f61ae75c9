import { createAdaptorServer } from '@hono/node-server';
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
import { WebhookDispatcher } from './stripe/webhooks/webhook-dispatcher';
import { createLocalFetch } from './local-fetch';
import { registerLocalWebhookEndpoint } from './stripe/register-local-webhook-endpoint';

export interface RunningServer {
  /** Where the server listens, e.g. http://localhost:3000. */
  readonly url: string;
  readonly port: number;
  /** The addresses it listens on, e.g. ['127.0.0.1', '::1'] for HOST=localhost. */
  readonly addresses: readonly string[];
  readonly db: Database;
  readonly apiKeys: ApiKeys;
  readonly mailbox: Mailbox;
  readonly appliedMigrations: readonly string[];
  /** Stops accepting requests, then closes the database (PGlite must be closed or Node hangs). */
  close(): Promise<void>;
}

export interface StartServerOptions extends OpenDatabaseOptions {
  /** Auth tuning (rate limits, intervals) for tests; production uses the defaults. */
  readonly auth?: Partial<Omit<AuthRoutesDeps, 'db' | 'config' | 'mailbox'>>;
  /** A database already being opened (main.ts starts it before loading the app's modules). */
  readonly database?: Promise<Database>;
  /** Stripe webhook retry tuning for tests (first retry delay; doubles each time). */
  readonly stripeWebhookRetryBaseMs?: number;
}

/** Opens and migrates the database and listens: the whole local stack, for main.ts and for tests. */
export async function startServer(config: ServerConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const db = await (options.database ?? openDatabase(config, options));
  let servers: ServerType[] = [];
  try {
    const { applied } = await migrate(db);
    const apiKeys = await createApiKeys(config);
    const mailbox = createMailbox(db);
    let dispatcher: WebhookDispatcher | undefined;
    const app = createApp({
      onStripeEvents: () => dispatcher?.kick(),
      db,
      config,
      apiKeys,
      mailRoutes: createMailRoutes(mailbox),
      authRoutes: createAuthRoutes({ ipHeader: config.authRateLimitHeader, ...options.auth, db, config, mailbox }),
    });
    await seedStripeCatalogue(db, config, (request) => app.fetch(request));
    // The emulator delivers its events to the payment webhook function, signed with its secret.
    await registerLocalWebhookEndpoint(db, config);
    // Deliveries to this stack's own URL are answered in-process; other endpoints go over the network.
    dispatcher = new WebhookDispatcher({
      db,
      fetch: createLocalFetch(config.siteUrl, (request) => app.fetch(request)),
      ...(options.stripeWebhookRetryBaseMs === undefined ? {} : { retryBaseMs: options.stripeWebhookRetryBaseMs }),
    });
    const webhooks = dispatcher;
    const listening = await listenOn(config.host, config.port, () => createAdaptorServer({ fetch: app.fetch }));
    servers = listening.map((entry) => entry.server);
    const port = listening[0]?.port ?? config.port;
    // Deliveries still owed from before a restart go out now.
    webhooks.kick();
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost(config.host)}:${port}`,
      port,
      addresses: listening.map((entry) => entry.address),
      db,
      apiKeys,
      mailbox,
      appliedMigrations: applied,
      close() {
        closing ??= (async () => {
          await webhooks.stop();
          await Promise.all(servers.map(closeServer));
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    await db.close();
    throw error;
  }
}

interface Listening {
  readonly server: ServerType;
  readonly address: string;
  readonly port: number;
}

/**
 * `localhost` listens on both loopback addresses: Node would bind only the first address the name
 * resolves to, and browsers try ::1 as readily as 127.0.0.1. The second takes the first one's port
 * (PORT=0 picks one); a machine without IPv6 listens on 127.0.0.1 alone.
 */
async function listenOn(host: string, port: number, create: () => ServerType): Promise<Listening[]> {
  if (host.toLowerCase() !== 'localhost') return [await listen(create(), host.replace(/^\[(.*)\]$/, '$1'), port)];
  const first = await listen(create(), '127.0.0.1', port);
  try {
    return [first, await listen(create(), '::1', first.port)];
  } catch (error) {
    if (isErrorWithCode(error) && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) return [first];
    await closeServer(first.server);
    throw error;
  }
}

function listen(server: ServerType, address: string, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => {
      server.off('error', reject);
      const bound = server.address();
      resolve({ server, address, port: typeof bound === 'object' && bound !== null ? bound.port : port });
    });
  });
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive connections would hold close() open; nothing is in flight at shutdown.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** The host part of this server's URL: loopback and wildcard addresses are reached as localhost. */
function urlHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (['localhost', '0.0.0.0', '::', '127.0.0.1', '::1'].includes(bare.toLowerCase())) return 'localhost';
  return bare.includes(':') ? `[${bare}]` : bare;
}

function isErrorWithCode(error: unknown): error is Error & { code: string } {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}
