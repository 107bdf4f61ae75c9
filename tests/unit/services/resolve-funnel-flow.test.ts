import type { Provider } from '@openfeature/web-sdk';
import { describe, expect, it, vi } from 'vitest';
import type { CompiledVariants } from '../../../engine/compiled-flow';
import { assignVariant } from '../../../engine/assign-variant';
import { LocalVariantsProvider } from '../../../services/flags/local-variants-provider';
import { createFunnelFlowResolver } from '../../../services/flags/resolve-funnel-flow';

const variants: CompiledVariants = {
  flag: 'cc-feedback-redesign',
  defaultVariant: 'baseline',
  variants: { baseline: 'default', 'feedback-v1': 'v1', 'feedback-v2': 'v2' },
  basePaths: { default: '/onboarding', v1: '/onboarding/v1', v2: '/onboarding/v2' },
  allocation: { baseline: 34, 'feedback-v1': 33, 'feedback-v2': 33 },
};

const silent = () => {};

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

describe('createFunnelFlowResolver', () => {
  it('maps the flag variant of a visitor to a flow through OpenFeature, the same one every time', async () => {
    const resolve = createFunnelFlowResolver({ variants, createProvider: async () => new LocalVariantsProvider(variants), log: silent });
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const visitor = `visitor-${i}`;
      const flow = await resolve(visitor);
      const expected = variants.variants[assignVariant(`cc-feedback-redesign:${visitor}`, variants.allocation) ?? 'baseline'];
      expect(flow).toBe(expected);
      seen.add(flow);
    }
    expect(seen).toEqual(new Set(['default', 'v1', 'v2']));
  });

  it('falls back to the baseline flow and logs when the provider fails', async () => {
    const log = vi.fn();
    const resolve = createFunnelFlowResolver({ variants, createProvider: () => Promise.reject(new Error('offline')), log });
    await expect(resolve('visitor-1')).resolves.toBe('default');
    expect(log).toHaveBeenCalledOnce();
  });

  it('falls back to baseline when the lookup takes longer than the timeout', async () => {
    const log = vi.fn();
    // A provider whose lookup (initialize: Confidence's resolve call) never answers.
    const hanging = new LocalVariantsProvider(variants);
    Reflect.set(hanging, 'initialize', () => new Promise(() => {}));
    const resolve = createFunnelFlowResolver({ variants, createProvider: async () => hanging, timeoutMs: 50, log });
    await expect(resolve('visitor-2')).resolves.toBe('default');
    expect(String(log.mock.calls[0]?.[1])).toContain('timed out after 50 ms');
  });

  it('does not count loading the SDK and provider code against the lookup timeout', async () => {
    vi.useFakeTimers();
    try {
      const log = vi.fn();
      // A visitor the split sends to a variant other than baseline, so a fallback would show.
      const visitor = Array.from({ length: 50 }, (_, i) => `slow-chunk-${i}`).find((id) => assignVariant(`cc-feedback-redesign:${id}`, variants.allocation) !== 'baseline') ?? '';
      const slowChunk = () => new Promise<Provider>((done) => setTimeout(() => done(new LocalVariantsProvider(variants)), 5_000));
      const resolve = createFunnelFlowResolver({ variants, createProvider: slowChunk, timeoutMs: 1_000, log });
      const flow = resolve(visitor);
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(flow).resolves.toBe(variants.variants[assignVariant(`cc-feedback-redesign:${visitor}`, variants.allocation) ?? 'baseline']);
      expect(log).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats an unknown variant as an error and serves baseline', async () => {
    const log = vi.fn();
    const odd: CompiledVariants = { ...variants, allocation: { 'feedback-v9': 1 } };
    const resolve = createFunnelFlowResolver({ variants: odd, createProvider: async () => new LocalVariantsProvider(odd), log });
    await expect(resolve('visitor-3')).resolves.toBe('default');
    expect(log).toHaveBeenCalledOnce();
  });
});
