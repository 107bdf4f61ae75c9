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

/** The variant in the boot script's lookup, read ahead of the SDK, and how to stop the request. */
export interface BootFlagVariant {
  /** The flag value's `variant`; rejects when the answer is not OK or does not carry the flag. */
  readonly variant: Promise<string | undefined>;
  readonly abort: () => void;
}

/**
 * Reads the variant for `flag` from the boot script's lookup without taking the request: the provider
 * takes it later, when the SDK evaluates (and applies) the same answer. Undefined when the page sent no
 * lookup or one for another visitor. `undefined` as the variant: the flag resolved without a value
 * (no segment matched), which the SDK turns into the default variant.
 */
export function peekBootFlagVariant(flag: string, visitorId: string, scope: object = globalThis): BootFlagVariant | undefined {
  const handoff: unknown = Reflect.get(scope, BOOT_FLAG_RESOLVE_KEY);
  if (typeof handoff !== 'object' || handoff === null || !('body' in handoff) || !('response' in handoff) || !('abort' in handoff)) return undefined;
  const { body, response, abort } = handoff;
  if (typeof body !== 'string' || targetingKeyOf(body) !== visitorId || !(response instanceof Promise) || typeof abort !== 'function') return undefined;
  // Cloned in the first callback: the provider reads the handed-over response's own body later.
  const answer = response.then((value) => asResponse(value).clone());
  return {
    variant: answer.then(async (copy) => {
      if (!copy.ok) throw new Error(`flags:resolve answered ${String(copy.status)}`);
      return variantIn(await copy.json(), flag);
    }),
    abort: () => void Reflect.apply(abort, undefined, []),
  };
}

function targetingKeyOf(body: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || !('evaluationContext' in parsed)) return undefined;
    const context = parsed.evaluationContext;
    return typeof context === 'object' && context !== null && 'targeting_key' in context ? context.targeting_key : undefined;
  } catch {
    return undefined;
  }
}

/** Confidence's answer: `resolvedFlags[]` with `flag: "flags/<name>"` and a struct `value` (WIRE.md). */
function variantIn(answer: unknown, flag: string): string | undefined {
  const resolved = typeof answer === 'object' && answer !== null && 'resolvedFlags' in answer && Array.isArray(answer.resolvedFlags) ? answer.resolvedFlags : [];
  const unknownFlags: unknown[] = resolved;
  const entry = unknownFlags.find((item): item is object => typeof item === 'object' && item !== null && 'flag' in item && item.flag === `flags/${flag}`);
  if (entry === undefined) throw new Error(`flags:resolve did not resolve ${flag}`);
  const value = 'value' in entry ? entry.value : undefined;
  if (typeof value !== 'object' || value === null || !('variant' in value)) return undefined;
  if (typeof value.variant !== 'string') throw new Error(`${flag} resolved to a variant that is not a string`);
  return value.variant;
}
