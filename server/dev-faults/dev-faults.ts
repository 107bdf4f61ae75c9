import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';

/** The third-party services the stack stands in for that the funnel must survive losing (issue 12 section 6). */
// `flags`: the Confidence resolver's resolve and apply calls (server/confidence/).
export const FAULTY_SERVICES = ['snowplow', 'sentry', 'pixel', 'flags'] as const;
export type FaultyService = (typeof FAULTY_SERVICES)[number];
/**
 * `fail`: the connection is dropped (what "refused" looks like to the browser); `error`: answered with
 * a 500, as a service that is up but broken; `hang`: never answered.
 */
export const FAULT_MODES = ['ok', 'fail', 'error', 'hang'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** The cookie a browser (a test's context) sets to break services for itself only: `snowplow:hang|sentry:fail`. */
export const DEV_FAULTS_COOKIE = 'dev-faults';
/** A hung request is released after this, so a forgotten switch does not pile up sockets forever. */
const HANG_MS = 120_000;

export interface DevFaults {
  /** Middleware for a service's routes: applies the switch (global, or the request's cookie). */
  guard(service: FaultyService): MiddlewareHandler;
  /** `/_dev/faults`: GET the global switch, POST `{service, mode}` to set it. */
  routes(): Hono;
}

const setSchema = z.object({ service: z.enum(FAULTY_SERVICES), mode: z.enum(FAULT_MODES) });

/**
 * The stack's dev switch to make each stand-in fail or hang, for trying the funnel without them. Set
 * for everyone through `/_dev/faults`, or for one browser with the `dev-faults` cookie (so a test
 * breaks the collector for its own page without breaking other tests sharing the stack). Only
 * installed with the dev routes.
 */
export function createDevFaults(): DevFaults {
  const global = new Map<FaultyService, FaultMode>();
  const modeFor = (c: Context, service: FaultyService): FaultMode => cookieModes(getCookie(c, DEV_FAULTS_COOKIE)).get(service) ?? global.get(service) ?? 'ok';
  return {
    guard: (service) => async (c, next) => {
      const mode = modeFor(c, service);
      if (mode === 'ok') return next();
      if (mode === 'hang') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, HANG_MS);
          c.req.raw.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return c.text('released after hanging', 504);
      }
      if (mode === 'error') return c.text(`${service} failed (dev faults)`, 500);
      // Drop the connection when there is a socket (node-server); in-process requests get a 503.
      socketOf(c)?.destroy();
      return c.text(`${service} is switched off (dev faults)`, 503);
    },
    routes() {
      const app = new Hono();
      app.get('/', (c) => c.json(Object.fromEntries(FAULTY_SERVICES.map((service) => [service, global.get(service) ?? 'ok']))));
      app.post('/', async (c) => {
        const parsed = setSchema.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success) return c.json({ message: `Expected {"service": ${FAULTY_SERVICES.map((s) => `"${s}"`).join('|')}, "mode": ${FAULT_MODES.map((m) => `"${m}"`).join('|')}}` }, 400);
        global.set(parsed.data.service, parsed.data.mode);
        return c.json(Object.fromEntries(FAULTY_SERVICES.map((service) => [service, global.get(service) ?? 'ok'])));
      });
      return app;
    },
  };
}

function cookieModes(value: string | undefined): Map<string, FaultMode> {
  const modes = new Map<string, FaultMode>();
  // `:` and `|` because a cookie value may not hold `,` (RFC 6265).
  for (const part of (value ?? '').split('|')) {
    const [service, mode] = part.split(':').map((piece) => piece.trim());
    const known = FAULT_MODES.find((candidate) => candidate === mode);
    if (service !== undefined && known !== undefined) modes.set(service, known);
  }
  return modes;
}

function socketOf(c: Context): IncomingMessage['socket'] | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming: unknown = env.incoming;
  return typeof incoming === 'object' && incoming !== null && 'socket' in incoming && isSocket(incoming.socket) ? incoming.socket : undefined;
}

function isSocket(value: unknown): value is IncomingMessage['socket'] {
  return typeof value === 'object' && value !== null && 'destroy' in value && typeof value.destroy === 'function';
}
