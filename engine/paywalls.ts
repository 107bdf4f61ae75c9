import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Checked, FlowDiagnostic } from './flow-error.ts';
import { loadYamlFile } from './load-yaml-file.ts';
import type { CompiledPaywalls, Paywall } from './paywall-for-variant.ts';
import { PLAN_IDS, type PlanId } from './plan-pricing.ts';
import { didYouMean } from './suggest-name.ts';

/** Where the reviewed paywalls live, relative to the project root. */
export const paywallsFile = 'config/paywalls.yaml';

/** The prices the paywalls may use, relative to the project root. */
export const catalogueFile = 'config/stripe-catalogue.yaml';

/** The Stripe interval each plan's prices must have: the page's per-day price divides by the plan's days. */
const PLAN_INTERVALS: Readonly<Record<PlanId, string>> = { weekly: 'week', yearly: 'year' };

/** The webhook's schedule moves `<x>-intro` to `<x>-full` (supabase/functions/_shared/schedule-intro-then-full.ts). */
const INTRO_SUFFIX = '-intro';
const FULL_SUFFIX = '-full';

const paywallId = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and "-" (e.g. yearly-first)');
const planId = z.enum(PLAN_IDS);

const paywallSchema = z.strictObject({
  plans: z.array(z.strictObject({ plan: planId, intro: z.string().min(1), full: z.string().min(1) })).min(1),
  preselected: planId,
  mostPopular: planId.optional(),
  countdownSeconds: z.number().int().positive().max(3600, 'at most an hour').default(540),
  offerAfterSeconds: z.number().int().positive().max(3600, 'at most an hour').default(30),
});

const paywallsSchema = z.strictObject({
  version: z.literal(1),
  default: paywallId,
  paywalls: z.record(paywallId, paywallSchema),
  variants: z.record(z.string().min(1), paywallId).default({}),
});

/** The part of config/stripe-catalogue.yaml a paywall needs (the stack's start-up checks the rest). */
const catalogueSchema = z.object({
  prices: z.record(z.string(), z.object({ interval: z.string(), interval_count: z.number() })),
});

export interface PaywallsInput {
  /** The paywalls file as messages name it, relative to `root`; config/paywalls.yaml by default. */
  readonly file?: string;
  /** The paywalls file's contents (read from `root` when omitted). */
  readonly text?: string;
  /** config/stripe-catalogue.yaml's contents (read from `root` when omitted). */
  readonly catalogueText?: string;
  /**
   * The funnel flag's variants (flows/variants.yaml): only they can be assigned a paywall. Undefined
   * when that file has errors of its own (reported by the flows check): assignments are not checked.
   */
  readonly variantNames: readonly string[] | undefined;
}

/**
 * Reads and checks config/paywalls.yaml against the Stripe catalogue and the flag's variants; every
 * problem comes back located (`config/paywalls.yaml:12:17 paywalls.spec.plans[0].intro: ...`).
 * Checked beyond the schema: each plan shows at most once, the preselected and most popular plans are
 * shown (a paywall may leave a plan out: the page offers the rest), the default and every assigned paywall exist, every assigned variant is one of the flag's, every
 * lookup key is a catalogue price with its plan's interval, and the intro and full prices are the pair
 * the webhook schedules, so a visitor renews at the full price the card struck through.
 */
export function loadPaywalls(root: string, input: PaywallsInput): Checked<CompiledPaywalls> {
  const file = input.file ?? paywallsFile;
  const text = input.text ?? readFileSync(join(root, file), 'utf8');
  const loaded = loadYamlFile(file, text, { schema: paywallsSchema, currentVersion: 1, migrations: [] });
  if (!loaded.ok) return loaded;
  const { data, source } = loaded.value;
  const catalogue = catalogueSchema.safeParse(parse(input.catalogueText ?? readFileSync(join(root, catalogueFile), 'utf8')));
  if (!catalogue.success) {
    return { ok: false, diagnostics: [{ file: catalogueFile, line: 1, column: 1, path: 'prices', message: 'has no readable prices (each needs interval and interval_count)' }] };
  }
  const prices = catalogue.data.prices;
  const priceKeys = Object.keys(prices);
  const ids = Object.keys(data.paywalls);
  const diagnostics: FlowDiagnostic[] = [];
  const unknownPaywall = (id: string) => `unknown paywall "${id}"${didYouMean(id, ids)} (paywalls: ${ids.join(', ')})`;

  if (data.paywalls[data.default] === undefined) diagnostics.push(source.diagnosticAt(['default'], unknownPaywall(data.default)));
  for (const [variant, id] of Object.entries(data.variants)) {
    const names = input.variantNames;
    if (names !== undefined && !names.includes(variant)) {
      diagnostics.push(source.diagnosticAtKey(['variants', variant], `unknown flag variant "${variant}"${didYouMean(variant, names)} (flows/variants.yaml: ${names.join(', ')})`));
    }
    if (data.paywalls[id] === undefined) diagnostics.push(source.diagnosticAt(['variants', variant], unknownPaywall(id)));
  }

  for (const [id, paywall] of Object.entries(data.paywalls)) {
    const at = (...path: (string | number)[]) => ['paywalls', id, ...path];
    const shown = paywall.plans.map(({ plan }) => plan);
    paywall.plans.forEach(({ plan }, index) => {
      if (shown.indexOf(plan) !== index) diagnostics.push(source.diagnosticAt(at('plans', index, 'plan'), `"${plan}" is shown twice`));
    });
    // A plan may be left out (the page offers the others); what the page selects or marks must be shown.
    for (const field of ['preselected', 'mostPopular'] as const) {
      const plan = paywall[field];
      if (plan !== undefined && !shown.includes(plan)) diagnostics.push(source.diagnosticAt(at(field), `"${plan}" is not one of this paywall's plans (${shown.join(', ')})`));
    }
    paywall.plans.forEach(({ plan, intro, full }, index) => {
      for (const [field, key] of [['intro', intro], ['full', full]] as const) {
        const price = prices[key];
        if (price === undefined) {
          diagnostics.push(source.diagnosticAt(at('plans', index, field), `unknown price "${key}"${didYouMean(key, priceKeys)} (${catalogueFile}: ${priceKeys.join(', ')})`));
        } else if (price.interval !== PLAN_INTERVALS[plan] || price.interval_count !== 1) {
          diagnostics.push(source.diagnosticAt(at('plans', index, field), `price "${key}" renews every ${price.interval_count} ${price.interval}, the ${plan} plan every 1 ${PLAN_INTERVALS[plan]}`));
        }
      }
      const expected = intro.endsWith(INTRO_SUFFIX) ? `${intro.slice(0, -INTRO_SUFFIX.length)}${FULL_SUFFIX}` : undefined;
      if (expected === undefined) {
        diagnostics.push(source.diagnosticAt(at('plans', index, 'intro'), `an intro price's lookup key ends in "${INTRO_SUFFIX}" (the webhook schedules "<x>${INTRO_SUFFIX}" then "<x>${FULL_SUFFIX}")`));
      } else if (full !== expected) {
        diagnostics.push(source.diagnosticAt(at('plans', index, 'full'), `must be "${expected}": after "${intro}" the webhook schedules "${expected}", so the card must strike that price through`));
      }
    });
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };

  const compiled = Object.fromEntries(
    Object.entries(data.paywalls).map(([id, paywall]): [string, Paywall] => [
      id,
      {
        id,
        order: paywall.plans.map(({ plan }) => plan),
        prices: Object.fromEntries(paywall.plans.map(({ plan, intro, full }) => [plan, { intro, full }])),
        preselected: paywall.preselected,
        mostPopular: paywall.mostPopular,
        countdownMs: paywall.countdownSeconds * 1000,
        offerDelayMs: paywall.offerAfterSeconds * 1000,
      },
    ]),
  );
  return { ok: true, value: { defaultPaywall: data.default, paywalls: compiled, variants: data.variants } };
}
