import { FLAG_TIMEOUT_MS } from './resolve-funnel-flow';

/** The window property where the boot script leaves the flag lookup it started, for the app to take. */
export const BOOT_FLAG_RESOLVE_KEY = '__bootFlagResolve';

/** What the page's boot script needs to send the lookup Confidence's provider would send. */
export interface BootFlagRequest {
  /** `<resolver>/v1/flags:resolve`. */
  readonly resolveUrl: string;
  readonly clientSecret: string;
  /** The flag's name, e.g. `cc-feedback-redesign` (Confidence calls it `flags/<name>`). */
  readonly flag: string;
}

/**
 * Sends, from the page's head (screens/boot/boot-script.ts), the `flags:resolve` request Confidence's
 * provider would send, and leaves it in `scope[BOOT_FLAG_RESOLVE_KEY]` for the app: the variant read
 * from the answer (`peekBootFlagVariant`), and the request itself for the provider
 * (`takeBootFlagResolve`), so the SDK later evaluates and applies the same answer without a second
 * request.
 *
 * The lookup's budget (spec: 1000 ms) counts from here, the page's first bytes, not from when the
 * app's code runs: the returned variant settles within the budget whatever the resolver does (it
 * answers, fails, or the budget ends and the request is aborted), so however late the app's code
 * arrives, the first question is on screen by the end of the spinner (which starts with the same
 * bytes) or of the budget, whichever is later. An answer after the budget counts for nothing.
 */
export function sendBootFlagResolve(
  { resolveUrl, clientSecret, flag }: BootFlagRequest,
  visitorId: string,
  send: typeof fetch = (input, init) => fetch(input, init),
  scope: object = globalThis,
): Promise<string | undefined> {
  const body = resolveRequestBody(clientSecret, visitorId);
  const controller = new AbortController();
  const request = send(resolveUrl, { method: 'POST', body, signal: controller.signal });
  // The provider reads a copy; the variant below reads the original (copied first: callbacks run in order).
  const response = request.then((answer) => answer.clone());
  // Handled here, so a failure nobody takes (a signed-in visitor's) is not an unhandled rejection;
  // the provider still gets the rejection when it takes the request.
  response.catch(() => undefined);
  const variant = new Promise<string | undefined>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`flags:resolve did not answer within ${String(FLAG_TIMEOUT_MS)} ms`));
    }, FLAG_TIMEOUT_MS);
    request
      .then(async (answer) => {
        if (!answer.ok) throw new Error(`flags:resolve answered ${String(answer.status)}`);
        return variantIn(await answer.json(), flag);
      })
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
  variant.catch(() => undefined);
  Reflect.set(scope, BOOT_FLAG_RESOLVE_KEY, { body, response, variant, abort: () => controller.abort() });
  return variant;
}

/** Byte for byte the body Confidence's provider sends (its client-http ConfidenceClient.resolve). */
export function resolveRequestBody(clientSecret: string, visitorId: string): string {
  return JSON.stringify({ clientSecret, evaluationContext: { visitor_id: visitorId, targeting_key: visitorId }, apply: false, flags: [] });
}

/**
 * Takes the resolve request the boot script sent from the page's head, when it is exactly the request
 * the provider is about to send (the same body: client secret, this visitor's context, apply false).
 * Once only: a later resolve (another context) goes to the network, and so does this one when the
 * bodies differ (a newer SDK that orders its fields otherwise costs one extra request, never a wrong
 * answer).
 */
export function takeBootFlagResolve(body: unknown, scope: object = globalThis): BootFlagResolve | undefined {
  const handoff = handoffIn(scope);
  if (handoff === undefined) return undefined;
  Reflect.deleteProperty(scope, BOOT_FLAG_RESOLVE_KEY);
  if (typeof body !== 'string' || handoff.body !== body) return undefined;
  return { response: handoff.response.then(asResponse), abort: handoff.abort };
}

/** The boot script's request: its response to come, and how to stop it (the lookup timed out). */
export interface BootFlagResolve {
  readonly response: Promise<Response>;
  readonly abort: () => void;
}

/**
 * The variant the boot script read for this visitor, without taking the request (the provider takes
 * it later, when the SDK evaluates and applies the same answer). Undefined when the page sent no lookup
 * or one for another visitor. The promise settles within the budget counted from the boot script's
 * request: it rejects when the answer failed, lacked the flag or came too late; `undefined` as the
 * variant means the flag resolved without a value (no segment matched), which the SDK turns into the
 * default variant.
 */
export function peekBootFlagVariant(visitorId: string, scope: object = globalThis): Promise<string | undefined> | undefined {
  const handoff = handoffIn(scope);
  return handoff !== undefined && targetingKeyOf(handoff.body) === visitorId ? handoff.variant.then(asVariant) : undefined;
}

interface Handoff {
  readonly body: string;
  readonly response: Promise<unknown>;
  readonly variant: Promise<unknown>;
  readonly abort: () => void;
}

/** What the boot script left on `scope`, checked field by field (another build's page may have left another shape). */
function handoffIn(scope: object): Handoff | undefined {
  const handoff: unknown = Reflect.get(scope, BOOT_FLAG_RESOLVE_KEY);
  if (typeof handoff !== 'object' || handoff === null || !('body' in handoff) || !('response' in handoff) || !('variant' in handoff) || !('abort' in handoff)) return undefined;
  const { body, response, variant, abort } = handoff;
  if (typeof body !== 'string' || !(response instanceof Promise) || !(variant instanceof Promise) || typeof abort !== 'function') return undefined;
  return { body, response, variant, abort: () => void Reflect.apply(abort, undefined, []) };
}

function asResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  throw new TypeError('the boot script handed over something other than a Response');
}

function asVariant(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new TypeError('the boot script handed over a variant that is not a string');
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
