import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isLoopbackHost, LOCAL_STRIPE_SECRET_KEY, loadServerConfig, publicExposureProblems } from './config';
import { openDatabase, pgliteDirectory } from './db/open-database';

/** `npm start` / `npm run server`: the local stack in one process, with what to know printed at start. */
async function main(): Promise<void> {
  const config = loadServerConfig();
  // Opening the database (PGlite's WASM start and cluster open) is the slowest part of a restart;
  // start it before the rest of the server's modules load so the two overlap.
  const opening = openDatabase(config);
  opening.catch(() => {}); // awaited by startServer; this only keeps an early failure from going unhandled
  const { startServer } = await import('./start-server');
  const running = await startServer(config, { database: opening });
  // The flag resolver's variants, compiled now rather than in the first visitor's flag lookup, which
  // times out after 1000 ms (a flows problem still only fails the resolve, as before).
  const { loadFlagVariants } = await import('./confidence/load-flag-variants');
  const { repoRoot } = await import('./repo-root');
  try {
    loadFlagVariants(repoRoot(import.meta.url));
  } catch (error) {
    console.error('Flag variants do not compile; /confidence/v1/flags:resolve will fail:', error);
  }
  // performance.now() counts from process start: the figure includes Node, tsx and module loading.
  const elapsed = Math.round(performance.now());
  // CPU time is what start-up costs without the wait for a core; on a busy machine wall time overstates it.
  const cpu = process.cpuUsage();
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);

  const database =
    config.databaseUrl === undefined
      ? `PGlite (embedded Postgres) in ${pgliteDirectory(config.dataDir)}`
      : `PostgreSQL at ${redactedUrl(config.databaseUrl)}`;
  const lines = [
    '',
    `  Local stack ready in ${elapsed} ms (since process start; ${cpuMs} ms of CPU)`,
    `  URL               ${running.url}${config.siteUrl === running.url ? '' : `  (SITE_URL ${config.siteUrl})`}`,
    `  listening on      ${running.addresses.map((address) => `${address.includes(':') ? `[${address}]` : address}:${running.port}`).join(', ')}${isLoopbackHost(config.host) ? ' (this machine only; HOST changes it)' : ''}`,
    `  Supabase URL      ${config.siteUrl}  (auth /auth/v1, REST /rest/v1, functions /functions/v1)`,
    `  anon key          ${running.apiKeys.anonKey}`,
    // The service-role key bypasses row-level security: it stays out of logs unless asked for.
    config.printServiceRoleKey
      ? `  service_role key  ${running.apiKeys.serviceRoleKey}  (server-side only)`
      : '  service_role key  not printed (bypasses RLS; server-side only): PRINT_SERVICE_ROLE_KEY=1 prints it',
    `  Stripe API        ${config.siteUrl}/v1  (stripe SDK: { host, port, protocol: 'http' })`,
    `  Stripe keys       publishable ${config.stripePublishableKey}`,
    config.stripeSecretKey === LOCAL_STRIPE_SECRET_KEY
      ? `                    secret      ${config.stripeSecretKey}  (emulator's local default; server-side only)`
      : '                    secret      from STRIPE_EMULATOR_SECRET_KEY, not printed (server-side only)',
    `  data              ${database}`,
    `  RevenueCat        ${config.revenueCatApiUrl}`,
    `  analytics         ${config.siteUrl}/com.snowplowanalytics.snowplow/tp2 (Snowplow collector)${config.devRoutes ? '; Micro API /micro/good, drop-off report /_dev/funnel' : ''}`,
    `  errors            Sentry DSN http://local@${new URL(config.siteUrl).host}/1${config.devRoutes ? '; reported errors at /_dev/errors' : ''}`,
    config.devRoutes
      ? `  dev routes        ${config.siteUrl}/_dev/mail (mailbox), /_dev/revenuecat/subscriptions (grants); no auth, DEV_ROUTES=off turns them off`
      : '  dev routes        off (DEV_ROUTES=off)',
    `  app               ${existsSync(join(config.distDir, 'index.html')) ? config.distDir : `not built (${config.distDir} missing): pages answer 404, run npx vite build`}`,
    config.defaultSecrets.length > 0
      ? `  secrets           LOCAL DEFAULTS (${config.defaultSecrets.join(', ')} unset): fine on this machine, never for a deployment`
      : '  secrets           from the environment',
  ];
  if (config.allowInsecurePublic && !isLoopbackHost(config.host)) {
    const problems = publicExposureProblems({ ...config, allowInsecurePublic: false });
    if (problems.length > 0) lines.push(`  WARNING           ALLOW_INSECURE_PUBLIC=1 on ${config.host}: ${problems.join('; ')}`);
  }
  if (running.appliedMigrations.length > 0) lines.push(`  migrations        applied ${running.appliedMigrations.join(', ')}`);
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing the server and the database...`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
