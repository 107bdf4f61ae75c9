/** Sentry settings from the build (Vite's `import.meta.env`). */
export interface ErrorReportingSettings {
  readonly dsn: string;
  readonly environment: string;
  readonly release: string | undefined;
  /** The spec: error-report tracing sample rate 0 (no performance transactions). */
  readonly tracesSampleRate: 0;
}

export interface ErrorReportingEnv {
  readonly VITE_SENTRY_DSN?: string | undefined;
  readonly VITE_SENTRY_ENVIRONMENT?: string | undefined;
  readonly VITE_SENTRY_RELEASE?: string | undefined;
}

/** Public key of the local DSN. The sink accepts any key; Sentry's keys are public, this one names the stack. */
export const LOCAL_SENTRY_KEY = 'local';
/** The local stack's one project (its ingest path is /api/1/envelope/). */
export const LOCAL_SENTRY_PROJECT = '1';

/**
 * The team's Sentry project when the build names a DSN, else the local stack that serves the page
 * (its sink lists what arrives at /_dev/errors).
 */
export function errorReportingSettings(env: ErrorReportingEnv, origin: string): ErrorReportingSettings {
  const configured = nonEmpty(env.VITE_SENTRY_DSN);
  const page = new URL(origin);
  return {
    dsn: configured ?? `${page.protocol}//${LOCAL_SENTRY_KEY}@${page.host}/${LOCAL_SENTRY_PROJECT}`,
    environment: nonEmpty(env.VITE_SENTRY_ENVIRONMENT) ?? (configured === undefined ? 'local' : 'production'),
    release: nonEmpty(env.VITE_SENTRY_RELEASE),
    tracesSampleRate: 0,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
