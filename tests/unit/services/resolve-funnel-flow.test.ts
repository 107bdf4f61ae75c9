import { OpenFeature } from '@openfeature/web-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledVariants } from '../../../engine/compiled-flow';
import { assignVariant } from '../../../engine/assign-variant';
import { createConfidenceRoutes, type AppliedFlag } from '../../../server/confidence/create-confidence-routes';
import { BOOT_FLAG_RESOLVE_KEY, peekBootFlagVariant, sendBootFlagResolve } from '../../../services/flags/boot-flag-resolve';
import { createConfidenceFlagProvider } from '../../../services/flags/confidence-flag-provider';
import { flagSettings, LOCAL_CONFIDENCE_CLIENT_SECRET } from '../../../services/flags/flag-settings';
import {
  createFunnelFlowResolver,
  FLAG_TRACK_EVENT,
  rememberedAssignment,
  rememberedVariant,
  rememberedVariantKey,
  type EarlyLookup,
  type FlagExposure,
  type LoadedFlagClient,
} from '../../../services/flags/resolve-funnel-flow';
import type { KeyValueStorage } from '../../../services/storage/key-value-storage';
import { memoryStorage } from '../fixtures/memory-storage';

const variants: CompiledVariants = {
  flag: 'cc-feedback-redesign',
  defaultVariant: 'baseline',
  variants: { baseline: 'default', 'feedback-v1': 'v1', 'feedback-v2': 'v2' },
  basePaths: { default: '/onboarding', v1: '/onboarding/v1', v2: '/onboarding/v2' },
  allocation: { baseline: 34, 'feedback-v1': 33, 'feedback-v2': 33 },
};

describe('assignVariant', () => {
  it('is sticky: the same key always gets the same variant', () => {
    for (let i = 0; i < 50; i++) {
      const key = `cc-feedback-redesign:visitor-${i}`;
      expect(assignVariant(key, variants.allocation)).toBe(assignVariant(key, variants.allocation));
    }
  });

  it('follows the weights over many visitors', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 9000; i++) {
      const v = assignVariant(`cc-feedback-redesign:${crypto.randomUUID()}`, variants.allocation) ?? 'none';
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    for (const [variant, weight] of Object.entries(variants.allocation)) {
      expect(Math.abs((counts.get(variant) ?? 0) / 9000 - weight / 100)).toBeLessThan(0.03);
    }
  });

  it('never picks a variant with weight 0', () => {
    for (let i = 0; i < 500; i++) {
      expect(assignVariant(`k${i}`, { baseline: 0, 'feedback-v2': 1 })).toBe('feedback-v2');
    }
  });
});

/** A visitor id the YAML allocation (and so the stack's resolver) puts in `variant`. */
function visitorIn(variant: string): string {
  for (let i = 0; i < 10_000; i++) if (assignVariant(`${variants.flag}:visitor-${i}`, variants.allocation) === variant) return `visitor-${i}`;
  throw new Error(`no visitor for ${variant}`);
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * One page load against the stack's resolver (server/confidence, in process): the real OpenFeature web
 * SDK and Confidence's provider 0.0.3 through createConfidenceFlagProvider, as the composition root
 * wires them. `resolver` decides how the resolve request is answered.
 */
function pageLoad(options: {
  storage: KeyValueStorage;
  /** `late`: answers 1500 ms later on the test's fake clock, ignoring the abort (a proxy that buffers the answer). */
  resolver?: 'up' | 'down' | 'hang' | 'late';
  /** Milliseconds the chunk downloads take before the provider exists. */
  chunkMs?: number;
  /** The boot script's lookup, read ahead of the SDK (as the composition root wires it). */
  early?: EarlyLookup;
  /** The flag's compiled variants, when they differ from the module's (e.g. with an experiment). */
  variants?: CompiledVariants;
}) {
  const sent: string[] = [];
  const exposures: FlagExposure[] = [];
  const log = vi.fn();
  const signals: AbortSignal[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = urlOf(input);
    sent.push(url.slice(url.lastIndexOf('/') + 1));
    if (init?.signal) signals.push(init.signal);
    if (options.resolver === 'down') throw new TypeError('Failed to fetch');
    if (options.resolver === 'hang' && url.endsWith(':resolve')) {
      return new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (options.resolver === 'late' && url.endsWith(':resolve')) {
      // Never 1.5 s of real time: the tests move the fake clock past it.
      if (!vi.isFakeTimers()) throw new Error('the late resolver needs the fake clock (vi.useFakeTimers)');
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    return stack.routes.request(url.replace('http://stack.test/confidence', ''), init);
  };
  const load = vi.fn(async (signal: AbortSignal): Promise<LoadedFlagClient> => {
    if (options.chunkMs) await new Promise((resolve) => setTimeout(resolve, options.chunkMs));
    const settings = flagSettings({}, 'http://stack.test');
    return { openFeature: OpenFeature, provider: createConfidenceFlagProvider({ settings, fetch, signal, log }) };
  });
  const resolve = createFunnelFlowResolver({ variants: options.variants ?? variants, load, storage: options.storage, onExposure: (exposure) => exposures.push(exposure), log, ...(options.early ? { early: options.early } : {}) });
  return { resolve, sent, exposures, log, load, signals };
}

let stack = createConfidenceRoutes({ variants: () => variants });
const applied = async (): Promise<AppliedFlag[]> => (await (await stack.devRoutes.request('/applied')).json()) as AppliedFlag[];

/**
 * The lookup screens/boot/boot-script.ts sends from the page's head (its budget starts now), answered
 * with `answer`; `aborted` tells whether the request was aborted.
 */
function bootLookup(visitor: string, answer: Promise<Response>) {
  let signal: AbortSignal | null | undefined;
  const send = (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    signal = init?.signal;
    return answer;
  };
  void sendBootFlagResolve({ resolveUrl: 'http://stack.test/confidence/v1/flags:resolve', clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, flag: variants.flag }, visitor, send);
  return { aborted: () => signal?.aborted === true };
}

/** The stack's resolver answering the boot script's request for `visitor`. */
function stackAnswer(visitor: string): Promise<Response> {
  return Promise.resolve(stack.routes.request('/v1/flags:resolve', { method: 'POST', body: JSON.stringify({ clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, evaluationContext: { targeting_key: visitor }, flags: [] }) }));
}

describe('createFunnelFlowResolver with Confidence\'s provider against the stack\'s resolver', () => {
  beforeEach(() => {
    stack = createConfidenceRoutes({ variants: () => variants });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await OpenFeature.clearProviders();
  });

  it('resolves each variant to its flow, applies it once (exposure), tracks before evaluating, and remembers it', async () => {
    for (const [variant, flow] of Object.entries(variants.variants)) {
      const storage = memoryStorage();
      const visitor = visitorIn(variant);
      const page = pageLoad({ storage });
      await expect(page.resolve(visitor)).resolves.toBe(flow);
      expect(page.exposures).toEqual([{ flag: variants.flag, variant, flow, fallback: false }]);
      expect(JSON.parse(storage.items.get(rememberedVariantKey(variants.flag)) ?? 'null')).toEqual({ visitorId: visitor, variant, assigned: true });
      expect(rememberedAssignment(storage, variants.flag, visitor)).toBe(variant);
      // Confidence's apply debounce (250 ms) then one flags:apply naming this visitor's variant.
      await vi.advanceTimersByTimeAsync(300);
      expect(page.sent).toEqual(['flags:resolve', 'flags:apply']);
      expect((await applied()).filter((a) => a.visitorId === visitor)).toEqual([expect.objectContaining({ flag: variants.flag, variant })]);
      expect(page.log).not.toHaveBeenCalled();
    }
  });

  it('names the flag\'s experiment and the visitor in the exposure the resolver chose, and no experiment after a fallback', async () => {
    const withExperiment = { ...variants, experiment: 'cc-feedback-redesign' };
    const visitor = visitorIn('feedback-v1');
    const page = pageLoad({ storage: memoryStorage(), variants: withExperiment });
    await expect(page.resolve(visitor)).resolves.toBe('v1');
    expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'feedback-v1', flow: 'v1', fallback: false, experiment: { id: 'cc-feedback-redesign', visitorId: visitor } }]);

    const down = pageLoad({ storage: memoryStorage(), variants: withExperiment, resolver: 'down' });
    await expect(down.resolve(visitor)).resolves.toBe('default');
    expect(down.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
  });

  it('sends the track call before the evaluation', async () => {
    const order: string[] = [];
    const visitor = visitorIn('feedback-v1');
    const settings = flagSettings({}, 'http://stack.test');
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => stack.routes.request(urlOf(input).replace('http://stack.test/confidence', ''), init);
    const resolve = createFunnelFlowResolver({
      variants,
      storage: memoryStorage(),
      onExposure: () => {},
      load: async (signal) => ({
        openFeature: {
          setProviderAndWait: (provider, context) => OpenFeature.setProviderAndWait(provider, context),
          getClient: () => {
            const client = OpenFeature.getClient();
            vi.spyOn(client, 'track').mockImplementation((name, details) => void order.push(`track ${name} ${JSON.stringify(details?.visitor_id)}`));
            const evaluate = client.getStringDetails.bind(client);
            vi.spyOn(client, 'getStringDetails').mockImplementation((key, fallback) => (order.push(`evaluate ${key}`), evaluate(key, fallback)));
            return client;
          },
        },
        provider: createConfidenceFlagProvider({ settings, fetch, signal, log: () => {} }),
      }),
    });
    await expect(resolve(visitor)).resolves.toBe('v1');
    expect(order).toEqual([`track ${FLAG_TRACK_EVENT} "${visitor}"`, `evaluate ${variants.flag}.variant`]);
  });

  it('serves a remembered variant on the next load without a lookup', async () => {
    const storage = memoryStorage();
    const visitor = visitorIn('feedback-v2');
    await pageLoad({ storage }).resolve(visitor);
    const next = pageLoad({ storage });
    await expect(next.resolve(visitor)).resolves.toBe('v2');
    expect(next.load).not.toHaveBeenCalled();
    expect(next.sent).toEqual([]);
    expect(next.exposures).toEqual([]);
  });

  it('a hanging resolver: baseline at 1000 ms (not before), the request aborted, no apply; the next load stays on baseline although the resolver would now say v1', async () => {
    const storage = memoryStorage();
    const visitor = visitorIn('feedback-v1');
    const first = pageLoad({ storage, resolver: 'hang' });
    let flow: string | undefined;
    void first.resolve(visitor).then((value) => (flow = value));
    await vi.advanceTimersByTimeAsync(999);
    expect(flow).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(flow).toBe('default');
    expect(first.signals[0]?.aborted).toBe(true);
    expect(first.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
    expect(String(first.log.mock.calls[0]?.[1])).toContain('timed out after 1000 ms');
    await vi.advanceTimersByTimeAsync(1000);
    expect(first.sent).toEqual(['flags:resolve']);

    const second = pageLoad({ storage, resolver: 'up' });
    await expect(second.resolve(visitor)).resolves.toBe('default');
    expect(second.sent).toEqual([]);
  });

  it('an answer that arrives after the timeout is not evaluated, so nothing is applied for a variant not shown', async () => {
    const page = pageLoad({ storage: memoryStorage(), resolver: 'late' });
    const flow = page.resolve(visitorIn('feedback-v1'));
    await vi.advanceTimersByTimeAsync(1000);
    await expect(flow).resolves.toBe('default');
    await vi.advanceTimersByTimeAsync(2000);
    expect(page.sent).toEqual(['flags:resolve']);
    expect(await applied()).toEqual([]);
  });

  it('the timeout counts from the lookup, not from the chunk downloads before it', async () => {
    const page = pageLoad({ storage: memoryStorage(), chunkMs: 3000 });
    const flow = page.resolve(visitorIn('feedback-v1'));
    await vi.advanceTimersByTimeAsync(3000);
    await expect(flow).resolves.toBe('v1');
    expect(page.exposures[0]?.fallback).toBe(false);
  });

  it('a resolver that is down: baseline, only logged, remembered', async () => {
    const storage = memoryStorage();
    const page = pageLoad({ storage, resolver: 'down' });
    await expect(page.resolve(visitorIn('feedback-v2'))).resolves.toBe('default');
    expect(page.log).toHaveBeenCalledWith(`Flag ${variants.flag} lookup failed; using baseline`, expect.any(Error));
    expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
    expect(JSON.parse(storage.items.get(rememberedVariantKey(variants.flag)) ?? 'null')).toEqual({ visitorId: visitorIn('feedback-v2'), variant: 'baseline' });
    // Shown baseline, but not assigned: sign-up names no experiment variant for this visitor.
    expect(rememberedVariant(storage, variants.flag, visitorIn('feedback-v2'))).toBe('baseline');
    expect(rememberedAssignment(storage, variants.flag, visitorIn('feedback-v2'))).toBeUndefined();
    expect(rememberedAssignment(storage, variants.flag, 'someone-else')).toBeUndefined();
  });

  it('looks up again for another visitor id, or when the remembered variant no longer exists', async () => {
    const storage = memoryStorage();
    storage.setItem(rememberedVariantKey(variants.flag), JSON.stringify({ visitorId: 'someone-else', variant: 'feedback-v2' }));
    const visitor = visitorIn('feedback-v1');
    await expect(pageLoad({ storage }).resolve(visitor)).resolves.toBe('v1');
    storage.setItem(rememberedVariantKey(variants.flag), JSON.stringify({ visitorId: visitor, variant: 'feedback-v9' }));
    await expect(pageLoad({ storage }).resolve(visitor)).resolves.toBe('v1');
  });

  it('treats an unknown variant from the resolver as an error and serves baseline', async () => {
    const odd: CompiledVariants = { ...variants, allocation: { 'feedback-v9': 1 } };
    stack = createConfidenceRoutes({ variants: () => odd });
    const page = pageLoad({ storage: memoryStorage() });
    await expect(page.resolve('visitor-3')).resolves.toBe('default');
    expect(String(page.log.mock.calls[0]?.[1])).toContain('unknown variant "feedback-v9"');
  });
});

describe('createConfidenceFlagProvider', () => {
  it('a failed apply is logged, never an unhandled rejection', async () => {
    stack = createConfidenceRoutes({ variants: () => variants });
    const log = vi.fn();
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = urlOf(input);
      if (url.endsWith(':apply')) throw new TypeError('Failed to fetch');
      return stack.routes.request(url.replace('http://stack.test/confidence', ''), init);
    };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const provider = createConfidenceFlagProvider({ settings: flagSettings({}, 'http://stack.test'), fetch, signal: new AbortController().signal, log });
    await OpenFeature.setProviderAndWait(provider, { targetingKey: visitorIn('feedback-v1') });
    expect(OpenFeature.getClient().getStringValue(`${variants.flag}.variant`, 'baseline')).toBe('feedback-v1');
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Confidence flags:apply failed', expect.any(TypeError)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await OpenFeature.clearProviders();
  });
});

describe('flagSettings', () => {
  it('defaults to the stack serving the page, region eu, and goes to Confidence with a client secret of its own', () => {
    expect(flagSettings({}, 'http://localhost:3000')).toEqual({ clientSecret: LOCAL_CONFIDENCE_CLIENT_SECRET, region: 'eu', resolverUrl: 'http://localhost:3000/confidence' });
    expect(flagSettings({ VITE_CONFIDENCE_CLIENT_SECRET: 'abc' }, 'http://localhost:3000')).toEqual({ clientSecret: 'abc', region: 'eu', resolverUrl: 'https://resolver.eu.confidence.dev' });
    expect(flagSettings({ VITE_CONFIDENCE_RESOLVER_URL: 'https://flags.example/' }, 'http://x').resolverUrl).toBe('https://flags.example');
  });
});

describe('the lookup the boot script started from the HTML (services/flags/boot-flag-resolve.ts)', () => {
  beforeEach(() => {
    stack = createConfidenceRoutes({ variants: () => variants });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    Reflect.deleteProperty(globalThis, BOOT_FLAG_RESOLVE_KEY);
    vi.useRealTimers();
    await OpenFeature.clearProviders();
  });

  it('the provider uses the page\'s request (the same body byte for byte) instead of sending its own, once', async () => {
    const visitor = visitorIn('feedback-v2');
    bootLookup(visitor, stackAnswer(visitor));
    const page = pageLoad({ storage: memoryStorage() });
    await expect(page.resolve(visitor)).resolves.toBe('v2');
    expect(page.sent.filter((call) => call === 'flags:resolve')).toEqual([]);
    expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'feedback-v2', flow: 'v2', fallback: false }]);
    expect(Reflect.has(globalThis, BOOT_FLAG_RESOLVE_KEY)).toBe(false);
  });

  it('a request for another visitor is not used: the provider sends its own', async () => {
    const visitor = visitorIn('feedback-v1');
    const other = visitorIn('feedback-v2');
    bootLookup(other, stackAnswer(other));
    const page = pageLoad({ storage: memoryStorage() });
    await expect(page.resolve(visitor)).resolves.toBe('v1');
    expect(page.sent).toContain('flags:resolve');
    expect(Reflect.has(globalThis, BOOT_FLAG_RESOLVE_KEY)).toBe(false);
  });

  it('a page request that hangs: baseline at 1000 ms, and the request is aborted', async () => {
    const visitor = visitorIn('feedback-v1');
    const { aborted } = bootLookup(visitor, new Promise<Response>(() => undefined));
    const page = pageLoad({ storage: memoryStorage() });
    let flow: string | undefined;
    void page.resolve(visitor).then((value) => (flow = value));
    await vi.advanceTimersByTimeAsync(999);
    expect(flow).toBeUndefined();
    expect(aborted()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(flow).toBe('default');
    expect(aborted()).toBe(true);
    expect(page.sent).toEqual([]);
  });

  describe('the flow decided from the boot script\'s answer, the SDK after the first step (issue 14)', () => {
    /** The composition root's wiring, with the "after the first step" moment in the test's hands. */
    const earlyLookup = () => {
      const later: (() => void)[] = [];
      const early: EarlyLookup = { read: (visitorId) => peekBootFlagVariant(visitorId), later: (evaluate) => void later.push(evaluate) };
      return { early, later };
    };

    it('decides without loading the SDK; later the SDK evaluates the same answer (no second request) and applies the variant shown', async () => {
      for (const [variant, flow] of Object.entries(variants.variants)) {
        const visitor = visitorIn(variant);
        bootLookup(visitor, stackAnswer(visitor));
        const storage = memoryStorage();
        const { early, later } = earlyLookup();
        const page = pageLoad({ storage, early });
        await expect(page.resolve(visitor)).resolves.toBe(flow);
        expect(page.load).not.toHaveBeenCalled();
        expect(page.exposures).toEqual([{ flag: variants.flag, variant, flow, fallback: false }]);
        expect(JSON.parse(storage.items.get(rememberedVariantKey(variants.flag)) ?? 'null')).toEqual({ visitorId: visitor, variant, assigned: true });
        expect((await applied()).filter((a) => a.visitorId === visitor)).toEqual([]);

        expect(later).toHaveLength(1);
        later[0]?.();
        await vi.advanceTimersByTimeAsync(300);
        expect(page.load).toHaveBeenCalledOnce();
        expect(page.sent).toEqual(['flags:apply']);
        expect((await applied()).filter((a) => a.visitorId === visitor)).toEqual([expect.objectContaining({ flag: variants.flag, variant })]);
        expect(Reflect.has(globalThis, BOOT_FLAG_RESOLVE_KEY)).toBe(false);
        expect(page.log).not.toHaveBeenCalled();
        await OpenFeature.clearProviders();
      }
    });

    it('a page request that hangs: baseline at 1000 ms, the request aborted, and the SDK never loads (nothing to apply)', async () => {
      const visitor = visitorIn('feedback-v1');
      const { aborted } = bootLookup(visitor, new Promise<Response>(() => undefined));
      const { early, later } = earlyLookup();
      const page = pageLoad({ storage: memoryStorage(), early });
      let flow: string | undefined;
      void page.resolve(visitor).then((value) => (flow = value));
      await vi.advanceTimersByTimeAsync(999);
      expect(flow).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(flow).toBe('default');
      expect(aborted()).toBe(true);
      expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
      expect(later).toEqual([]);
      expect(page.load).not.toHaveBeenCalled();
    });

    it('the budget counts from the page\'s request, not from when the app\'s code asks (issue 26): late code gets what is left of it', async () => {
      const visitor = visitorIn('feedback-v1');
      const { aborted } = bootLookup(visitor, new Promise<Response>(() => undefined));
      // The app's code arrives 800 ms after the page's first bytes (a slow phone).
      await vi.advanceTimersByTimeAsync(800);
      const { early } = earlyLookup();
      const page = pageLoad({ storage: memoryStorage(), early });
      let flow: string | undefined;
      void page.resolve(visitor).then((value) => (flow = value));
      await vi.advanceTimersByTimeAsync(199);
      expect(flow).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(flow).toBe('default');
      expect(aborted()).toBe(true);
      expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
    });

    it('an answer within the budget counts however late the app\'s code asks; one after it counts for nothing', async () => {
      const answeredAfter = (ms: number, visitor: string): Promise<Response> =>
        new Promise((resolve) => setTimeout(() => resolve(stackAnswer(visitor)), ms));
      const inTime = visitorIn('feedback-v1');
      bootLookup(inTime, answeredAfter(900, inTime));
      await vi.advanceTimersByTimeAsync(1500);
      await expect(pageLoad({ storage: memoryStorage(), early: earlyLookup().early }).resolve(inTime)).resolves.toBe('v1');

      const late = visitorIn('feedback-v2');
      bootLookup(late, answeredAfter(1100, late));
      await vi.advanceTimersByTimeAsync(500);
      const page = pageLoad({ storage: memoryStorage(), early: earlyLookup().early });
      const flow = page.resolve(late);
      await vi.advanceTimersByTimeAsync(1000);
      await expect(flow).resolves.toBe('default');
      expect(page.exposures).toEqual([{ flag: variants.flag, variant: 'baseline', flow: 'default', fallback: true }]);
    });

    it('an answer that fails or lacks the flag: baseline, only logged, nothing later', async () => {
      const answers = [Promise.resolve(new Response('busy', { status: 503 })), Promise.resolve(Response.json({ resolvedFlags: [], resolveToken: '' })), Promise.reject(new TypeError('Failed to fetch'))];
      for (const answer of answers) {
        answer.catch(() => undefined);
        const visitor = visitorIn('feedback-v2');
        bootLookup(visitor, answer);
        const { early, later } = earlyLookup();
        const page = pageLoad({ storage: memoryStorage(), early });
        await expect(page.resolve(visitor)).resolves.toBe('default');
        expect(page.log).toHaveBeenCalledOnce();
        expect(later).toEqual([]);
        expect(page.load).not.toHaveBeenCalled();
      }
    });

    it('no page request for this visitor: the SDK looks the flag up at once, as without the boot script', async () => {
      const visitor = visitorIn('feedback-v1');
      bootLookup(visitorIn('feedback-v2'), stackAnswer(visitorIn('feedback-v2')));
      const { early, later } = earlyLookup();
      const page = pageLoad({ storage: memoryStorage(), early });
      await expect(page.resolve(visitor)).resolves.toBe('v1');
      expect(page.load).toHaveBeenCalledOnce();
      expect(page.sent).toContain('flags:resolve');
      expect(later).toEqual([]);
    });
  });
});
