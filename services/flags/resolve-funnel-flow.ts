import type { Client, EvaluationContext, Provider } from '@openfeature/web-sdk';
import type { CompiledVariants } from '../../engine/compiled-flow';
import type { KeyValueStorage } from '../storage/key-value-storage';

/** Spec: the flag lookup times out after 1000 ms. */
export const FLAG_TIMEOUT_MS = 1000;

/** Spec: the flag client sends a track call before the lookup. */
export const FLAG_TRACK_EVENT = 'funnel-flag-lookup';

/** Which variant a visitor was first shown, and whether the resolver chose it or the lookup fell back. */
export interface FlagExposure {
  readonly flag: string;
  readonly variant: string;
  /** The flow the variant maps to (`default`, `v1`, `v2`). */
  readonly flow: string;
  /** True when the lookup failed or timed out and the visitor got the default variant (baseline). */
  readonly fallback: boolean;
  /**
   * The experiment running on the flag (experiments/<id>.yaml) and the visitor, when the resolver chose
   * the variant: a fallback is no assignment, so it exposes nobody (docs/experiments.md).
   */
  readonly experiment?: { readonly id: string; readonly visitorId: string };
}

/** The OpenFeature SDK and a provider for the lookup, loaded lazily (their download is not part of the timeout). */
export interface LoadedFlagClient {
  /** The parts of the OpenFeature API the lookup uses (the SDK's `OpenFeature` singleton). */
  readonly openFeature: {
    setProviderAndWait(provider: Provider, context: EvaluationContext): Promise<void>;
    getClient(): Pick<Client, 'track' | 'getStringDetails'>;
  };
  readonly provider: Provider;
}

export interface ResolveFunnelFlowOptions {
  readonly variants: CompiledVariants;
  /** Loads the SDK and creates the provider; `signal` aborts its resolve request when the lookup times out. */
  readonly load: (signal: AbortSignal) => Promise<LoadedFlagClient>;
  /** The lookup the page's boot script sent, used without waiting for the SDK. */
  readonly early?: EarlyLookup;
  /** Where the visitor's variant is remembered (local storage). */
  readonly storage: KeyValueStorage;
  /** The first decision for a visitor (analytics: the report splits by variant). */
  readonly onExposure: (exposure: FlagExposure) => void;
  readonly timeoutMs?: number;
  readonly log?: (message: string, error: unknown) => void;
}

export interface EarlyLookup {
  /**
   * The variant of the boot script's lookup for this visitor, read without the SDK, or undefined
   * (boot-flag-resolve.ts). It settles within the budget counted from the boot script's request.
   */
  readonly read: (visitorId: string) => Promise<string | undefined> | undefined;
  /**
   * Runs the SDK's evaluation of that answer (the track call, then the evaluation, which applies the
   * variant shown) once the first step is on screen and usable.
   */
  readonly later: (evaluate: () => void) => void;
}

/**
 * The storage key of the remembered variant: `{"visitorId": ..., "variant": ..., "assigned": true}`;
 * `assigned` only when the resolver chose it (not a fallback), so sign-up can name the visitor's
 * experiment assignment (docs/experiments.md, "Lost exposures").
 */
export const rememberedVariantKey = (flag: string): string => `flag:${flag}`;

/**
 * Resolves which flow (`default`, `v1`, `v2`) a visitor sees from the flag `cc-feedback-redesign`
 * through OpenFeature. The first answer for a visitor is remembered in storage and served on every
 * later load without a lookup, so a visitor is never moved to another flow halfway through, not even
 * when the first lookup failed or took longer than the timeout and served baseline (spec: errors are
 * only logged). The timeout counts from the resolve request, not from the chunk downloads before it.
 * One small module on purpose: the lookup can be started earlier (issue 14) by calling the returned
 * function sooner; its result is shared per visitor for the page's life.
 */
export function createFunnelFlowResolver(options: ResolveFunnelFlowOptions): (visitorId: string) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  return (visitorId) => {
    const cached = cache.get(visitorId);
    if (cached) return cached;
    const result = decide(visitorId, options);
    cache.set(visitorId, result);
    return result;
  };
}

async function decide(visitorId: string, options: ResolveFunnelFlowOptions): Promise<string> {
  const { variants, storage, onExposure, log = (message, error) => console.warn(message, error) } = options;
  const baselineFlow = variants.variants[variants.defaultVariant] ?? 'default';
  if (visitorId === '') {
    // Nobody to resolve for (the build-time render of the first step, before any visitor): the flag's
    // default. The SDK is not loaded, so the prerendered page does not preload it: its boot script
    // sends the lookup, and the SDK comes after the step (`later`).
    return baselineFlow;
  }
  const key = rememberedVariantKey(variants.flag);
  const remembered = recall(storage, variants.flag, visitorId, log);
  const rememberedFlow = remembered === undefined ? undefined : variants.variants[remembered];
  if (rememberedFlow !== undefined) return rememberedFlow;

  const earlyLookup = options.early;
  const early = earlyLookup?.read(visitorId);
  // The boot script's lookup already runs within its budget, counted from the page's first bytes.
  const { variant, fallback } = await lookUp(early === undefined ? () => evaluateWithin(visitorId, options) : async () => (await early) ?? variants.defaultVariant, options, log);
  const flow = variants.variants[variant] ?? baselineFlow;
  try {
    storage.setItem(key, JSON.stringify({ visitorId, variant, ...(fallback ? {} : { assigned: true }) }));
  } catch (error) {
    log(`Could not remember the ${variants.flag} variant`, error);
  }
  const experiment = variants.experiment !== undefined && !fallback ? { experiment: { id: variants.experiment, visitorId } } : {};
  onExposure({ flag: variants.flag, variant, flow, fallback, ...experiment });
  // The SDK evaluates the same answer (the provider takes the page's request), which tracks and
  // applies the variant shown. Not after a fallback: nothing is applied for a variant not shown.
  if (earlyLookup !== undefined && early !== undefined && !fallback) {
    earlyLookup.later(() => {
      evaluateWithin(visitorId, options).then(
        (evaluated) => {
          if (evaluated !== variant) log(`Flag ${variants.flag}: the SDK evaluated "${evaluated}" for a visitor shown "${variant}"`, undefined);
        },
        (error: unknown) => log(`Flag ${variants.flag}: the SDK could not evaluate the variant shown`, error),
      );
    });
  }
  return flow;
}

/** The variant, or the flag's default when the lookup fails (only logged, spec). */
async function lookUp(find: () => Promise<string>, { variants }: ResolveFunnelFlowOptions, log: (message: string, error: unknown) => void): Promise<{ variant: string; fallback: boolean }> {
  try {
    const variant = await find();
    if (variants.variants[variant] === undefined) throw new Error(`flag ${variants.flag} returned unknown variant "${variant}"`);
    return { variant, fallback: false };
  } catch (error) {
    log(`Flag ${variants.flag} lookup failed; using ${variants.defaultVariant}`, error);
    return { variant: variants.defaultVariant, fallback: true };
  }
}

/** Loads the SDK and evaluates within the timeout, counted from the resolve request (not the chunk downloads). */
async function evaluateWithin(visitorId: string, { variants, load, timeoutMs = FLAG_TIMEOUT_MS }: ResolveFunnelFlowOptions): Promise<string> {
  const controller = new AbortController();
  const client = await load(controller.signal);
  return withTimeout(evaluate(visitorId, variants, client, controller.signal), timeoutMs, () => controller.abort());
}

async function evaluate(visitorId: string, variants: CompiledVariants, { openFeature, provider }: LoadedFlagClient, signal: AbortSignal): Promise<string> {
  await openFeature.setProviderAndWait(provider, { targetingKey: visitorId, visitor_id: visitorId });
  // A resolve that answers after the timeout must not be evaluated: evaluating applies (an exposure
  // to Confidence) a variant this visitor is not shown.
  if (signal.aborted) throw new Error('resolved after the timeout');
  const client = openFeature.getClient();
  client.track(FLAG_TRACK_EVENT, { visitor_id: visitorId });
  // The flag's value is a struct; a dotted path reads its `variant` field (WIRE.md: never the bare key).
  const details = client.getStringDetails(`${variants.flag}.variant`, variants.defaultVariant);
  if (details.errorCode) throw new Error(`${details.errorCode}: ${details.errorMessage ?? 'flag evaluation failed'}`);
  return details.value;
}

function recall(storage: KeyValueStorage, flag: string, visitorId: string, log: (message: string, error: unknown) => void): string | undefined {
  try {
    return rememberedVariant(storage, flag, visitorId);
  } catch (error) {
    log('Remembered flag variant unreadable; looking it up again', error);
    return undefined;
  }
}

/**
 * The variant remembered for this visitor (the page's boot script reads it too, to skip its lookup);
 * throws when storage refuses or holds something unreadable.
 */
export function rememberedVariant(storage: Pick<KeyValueStorage, 'getItem'>, flag: string, visitorId: string): string | undefined {
  return remembered(storage, flag, visitorId)?.variant;
}

/**
 * The variant the flag's resolver assigned this visitor (remembered, and not a fallback); throws as
 * `rememberedVariant` does. A record from before `assigned` was written counts as no assignment.
 */
export function rememberedAssignment(storage: Pick<KeyValueStorage, 'getItem'>, flag: string, visitorId: string): string | undefined {
  const found = remembered(storage, flag, visitorId);
  return found?.assigned === true ? found.variant : undefined;
}

function remembered(storage: Pick<KeyValueStorage, 'getItem'>, flag: string, visitorId: string): { variant: string; assigned: unknown } | undefined {
  const raw = storage.getItem(rememberedVariantKey(flag));
  if (raw === null) return undefined;
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null || !('visitorId' in value) || !('variant' in value)) return undefined;
  // Another visitor id (cookie cleared, shared device): that visitor gets a lookup of their own.
  if (value.visitorId !== visitorId || typeof value.variant !== 'string') return undefined;
  return { variant: value.variant, assigned: 'assigned' in value ? value.assigned : undefined };
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
