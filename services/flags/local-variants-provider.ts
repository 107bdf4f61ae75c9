import { ErrorCode, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/web-sdk';
import type { CompiledVariants } from '../../engine/compiled-flow';

/**
 * An OpenFeature provider that serves the funnel flag from flows/variants.yaml, standing in for the
 * Confidence resolver until the local stack serves one. Assignment is a pure function of the visitor
 * id, so the same `cnfdVisitorId` always gets the same variant (sticky) without storing anything.
 */
export class LocalVariantsProvider implements Provider {
  readonly metadata = { name: 'local-variants (flows/variants.yaml)' } as const;
  readonly runsOn = 'client' as const;

  constructor(private readonly variants: CompiledVariants) {}

  resolveStringEvaluation(flagKey: string, defaultValue: string, context: EvaluationContext): ResolutionDetails<string> {
    if (flagKey !== this.variants.flag) {
      return { value: defaultValue, reason: 'ERROR', errorCode: ErrorCode.FLAG_NOT_FOUND };
    }
    const visitorId = context.targetingKey;
    if (!visitorId) {
      return { value: this.variants.defaultVariant, reason: 'DEFAULT', variant: this.variants.defaultVariant };
    }
    const variant = assignVariant(`${flagKey}:${visitorId}`, this.variants.allocation) ?? this.variants.defaultVariant;
    return { value: variant, variant, reason: 'SPLIT' };
  }

  resolveBooleanEvaluation(_flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }

  resolveNumberEvaluation(_flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }

  resolveObjectEvaluation<T extends JsonValue>(_flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }

  // The spec's flag client sends a track call before the lookup; locally there is nowhere to send it.
  track(): void {}
}

/**
 * Picks a variant by weight from a stable 32-bit hash (FNV-1a + fmix32) of `key`. Exported for tests: the
 * distribution must follow the weights and the choice must not depend on anything but the key.
 */
export function assignVariant(key: string, allocation: Readonly<Record<string, number>>): string | undefined {
  const entries = Object.entries(allocation).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) return undefined;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // FNV-1a alone barely moves the high bits when only the last characters differ; murmur3's fmix32
  // finaliser spreads every input bit so neighbouring ids land in independent buckets.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  hash >>>= 0;
  let point = (hash / 0x1_0000_0000) * total;
  for (const [variant, weight] of entries) {
    if (point < weight) return variant;
    point -= weight;
  }
  return entries[entries.length - 1]?.[0];
}
