/** The window property where the boot script leaves the flag lookup it started, for the provider to take. */
export const BOOT_FLAG_RESOLVE_KEY = '__bootFlagResolve';

/**
 * Takes the resolve request the boot script (screens/boot/boot-script.ts) sent from the page's head,
 * when it is exactly the request the provider is about to send (the same body: client secret, this
 * visitor's context, apply false). Once only: a later resolve (another context) goes to the network,
 * and so does this one when the bodies differ (a newer SDK that orders its fields otherwise costs one
 * extra request, never a wrong answer).
 */
export function takeBootFlagResolve(body: unknown, scope: object = globalThis): BootFlagResolve | undefined {
  const handoff: unknown = Reflect.get(scope, BOOT_FLAG_RESOLVE_KEY);
  if (typeof handoff !== 'object' || handoff === null || !('body' in handoff) || !('response' in handoff) || !('abort' in handoff)) return undefined;
  Reflect.deleteProperty(scope, BOOT_FLAG_RESOLVE_KEY);
  const { response, abort } = handoff;
  if (typeof body !== 'string' || handoff.body !== body || !(response instanceof Promise) || typeof abort !== 'function') return undefined;
  return { response: response.then(asResponse), abort: () => void Reflect.apply(abort, undefined, []) };
}

/** The boot script's request: its response to come, and how to stop it (the lookup timed out). */
export interface BootFlagResolve {
  readonly response: Promise<Response>;
  readonly abort: () => void;
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  throw new TypeError('the boot script handed over something other than a Response');
}
