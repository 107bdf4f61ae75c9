import { ErrorCode, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails } from '@openfeature/web-sdk';
import { assignVariant } from '../../engine/assign-variant';
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
