import type { PlanId, PlanLookupKeys } from './plan-pricing.ts';

/** A compiled paywall of config/paywalls.yaml: what the plans page offers and how. */
export interface Paywall {
  readonly id: string;
  /** The plans offered (one or both), in the order the cards show. */
  readonly order: readonly PlanId[];
  /** Each offered plan's intro price (what the visitor pays today) and full price (struck through, charged after the intro period). */
  readonly prices: PlanLookupKeys;
  /** Chosen on every load. */
  readonly preselected: PlanId;
  /** The card with the "Most popular" badge, if any. */
  readonly mostPopular: PlanId | undefined;
  readonly countdownMs: number;
  /** How long after the page is shown the limited-time offer opens. */
  readonly offerDelayMs: number;
}

/** What `virtual:paywalls` exports: every paywall, the default, and which flag variant sees which. */
export interface CompiledPaywalls {
  readonly defaultPaywall: string;
  readonly paywalls: Readonly<Record<string, Paywall>>;
  /** Flag variant -> paywall id; variants not named see the default. */
  readonly variants: Readonly<Record<string, string>>;
}

/**
 * The paywall a visitor of `variant` sees: the variant's own, else the default (no variant known, e.g.
 * an account that signed in on another device, or a variant without a paywall of its own).
 */
export function paywallForVariant(compiled: CompiledPaywalls, variant: string | undefined): Paywall {
  // Own keys only: a variant named like an Object method ("constructor") is not assigned anything.
  const id = variant !== undefined && Object.hasOwn(compiled.variants, variant) ? compiled.variants[variant] : undefined;
  const paywall = compiled.paywalls[id ?? compiled.defaultPaywall];
  if (paywall === undefined) throw new Error(`paywall "${id ?? compiled.defaultPaywall}" is not compiled`);
  return paywall;
}
