import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_MS, OFFER_DELAY_MS } from '../../../engine/checkout-machine';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { paywallForVariant, type CompiledPaywalls } from '../../../engine/paywall-for-variant';
import { loadPaywalls } from '../../../engine/paywalls';
import { SPEC_LOOKUP_KEYS } from '../../../engine/plan-pricing';
import compiledPaywalls from 'virtual:paywalls';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const VARIANTS = ['baseline', 'feedback-v1', 'feedback-v2'];

/** A paywalls file from its `paywalls:` and `variants:` blocks (the catalogue is the real one). */
function paywallsFile(paywalls: string, variants = '{}'): string {
  return `version: 1\ndefault: spec\npaywalls:\n${paywalls}\nvariants: ${variants}\n`;
}

const SPEC = `  spec:
    plans:
      - { plan: weekly, intro: w-intro, full: w-full }
      - { plan: yearly, intro: y-intro, full: y-full }
    preselected: weekly
    mostPopular: weekly`;

function errors(text: string): string[] {
  const checked = loadPaywalls(root, { text, variantNames: VARIANTS });
  return checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic);
}

describe('config/paywalls.yaml', () => {
  it('compiles, and its default paywall is the spec\'s: weekly then yearly, weekly preselected and most popular, 9 minutes, offer at 30 s', () => {
    const checked = loadPaywalls(root, { variantNames: VARIANTS });
    if (!checked.ok) throw new Error(checked.diagnostics.map(formatFlowDiagnostic).join('\n'));
    const spec = paywallForVariant(checked.value, undefined);
    expect(spec).toEqual({
      id: 'spec',
      order: ['weekly', 'yearly'],
      prices: SPEC_LOOKUP_KEYS,
      preselected: 'weekly',
      mostPopular: 'weekly',
      countdownMs: COUNTDOWN_MS,
      offerDelayMs: OFFER_DELAY_MS,
    });
    expect(COUNTDOWN_MS).toBe(9 * 60 * 1000);
    expect(OFFER_DELAY_MS).toBe(30 * 1000);
    // What the build serves is this file's compilation (the browser gets no schema).
    expect(compiledPaywalls).toEqual(JSON.parse(JSON.stringify(checked.value)));
    // Shipped unassigned: every visitor sees the spec's paywall until a variant is given another.
    expect(checked.value.variants).toEqual({});
    expect(checked.value.paywalls['yearly-first']).toMatchObject({ order: ['yearly', 'weekly'], preselected: 'yearly', mostPopular: 'yearly' });
  });

  it('takes the spec\'s timings when a paywall leaves them out, and no badge without mostPopular', () => {
    const checked = loadPaywalls(root, { text: paywallsFile(SPEC.replace('    mostPopular: weekly', '')), variantNames: VARIANTS });
    if (!checked.ok) throw new Error(checked.diagnostics.map(formatFlowDiagnostic).join('\n'));
    expect(checked.value.paywalls['spec']).toMatchObject({ countdownMs: COUNTDOWN_MS, offerDelayMs: OFFER_DELAY_MS, mostPopular: undefined });
  });

  it('refuses an unknown lookup key at its line and column, with the catalogue\'s closest key', () => {
    expect(errors(paywallsFile(SPEC.replace('intro: y-intro', 'intro: y-intr')))).toEqual([
      'config/paywalls.yaml:7:32 paywalls.spec.plans[1].intro: unknown price "y-intr" - did you mean "y-intro"? (config/stripe-catalogue.yaml: w-full, w-intro, y-full, y-intro)',
      'config/paywalls.yaml:7:32 paywalls.spec.plans[1].intro: an intro price\'s lookup key ends in "-intro" (the webhook schedules "<x>-intro" then "<x>-full")',
    ]);
  });

  it('refuses prices the renewal would not match: another plan\'s interval, or a full price the webhook does not schedule', () => {
    expect(errors(paywallsFile(SPEC.replace('{ plan: weekly, intro: w-intro, full: w-full }', '{ plan: weekly, intro: w-intro, full: y-full }')))).toEqual([
      'config/paywalls.yaml:6:47 paywalls.spec.plans[0].full: price "y-full" renews every 1 year, the weekly plan every 1 week',
      'config/paywalls.yaml:6:47 paywalls.spec.plans[0].full: must be "w-full": after "w-intro" the webhook schedules "w-full", so the card must strike that price through',
    ]);
  });

  it('shows each plan at most once', () => {
    const twice = SPEC.replace('{ plan: yearly, intro: y-intro, full: y-full }', '{ plan: weekly, intro: w-intro, full: w-full }');
    expect(errors(paywallsFile(twice))).toEqual(['config/paywalls.yaml:7:17 paywalls.spec.plans[1].plan: "weekly" is shown twice']);
  });

  it('may leave a plan out, but then neither preselects it nor marks it most popular', () => {
    const yearlyOnly = SPEC.replace('      - { plan: weekly, intro: w-intro, full: w-full }\n', '').replace('preselected: weekly', 'preselected: yearly').replace('mostPopular: weekly', 'mostPopular: yearly');
    const checked = loadPaywalls(root, { text: paywallsFile(yearlyOnly), variantNames: VARIANTS });
    expect(checked.ok && checked.value.paywalls['spec']).toMatchObject({ order: ['yearly'], prices: { yearly: { intro: 'y-intro', full: 'y-full' } }, preselected: 'yearly' });
    expect(checked.ok && checked.value.paywalls['spec']?.prices).not.toHaveProperty('weekly');
    const stale = SPEC.replace('      - { plan: weekly, intro: w-intro, full: w-full }\n', '');
    expect(errors(paywallsFile(stale))).toEqual([
      'config/paywalls.yaml:7:18 paywalls.spec.preselected: "weekly" is not one of this paywall\'s plans (yearly)',
      'config/paywalls.yaml:8:18 paywalls.spec.mostPopular: "weekly" is not one of this paywall\'s plans (yearly)',
    ]);
    expect(errors(paywallsFile(stale.replace('      - { plan: yearly, intro: y-intro, full: y-full }\n', '    plans: []\n').replace('    plans:\n    plans: []', '    plans: []')))).toEqual(['config/paywalls.yaml:5:12 paywalls.spec.plans: must not be empty']);
  });

  it('refuses an unknown default, an assignment to an unknown paywall and a variant the flag does not have', () => {
    const text = paywallsFile(SPEC, '{ feedbak-v2: spec, feedback-v2: yeraly-first }').replace('default: spec', 'default: spek');
    expect(errors(text)).toEqual([
      'config/paywalls.yaml:2:10 default: unknown paywall "spek" - did you mean "spec"? (paywalls: spec)',
      'config/paywalls.yaml:10:13 variants.feedbak-v2: unknown flag variant "feedbak-v2" - did you mean "feedback-v2"? (flows/variants.yaml: baseline, feedback-v1, feedback-v2)',
      'config/paywalls.yaml:10:44 variants.feedback-v2: unknown paywall "yeraly-first" (paywalls: spec)',
    ]);
  });

  it('leaves the assignments unchecked while flows/variants.yaml has errors of its own (reported there)', () => {
    const checked = loadPaywalls(root, { text: paywallsFile(SPEC, '{ feedbak-v2: spec }'), variantNames: undefined });
    expect(checked.ok && checked.value.variants).toEqual({ 'feedbak-v2': 'spec' });
  });

  it('reports schema errors located too (a timing that is not whole seconds)', () => {
    expect(errors(paywallsFile(`${SPEC}\n    offerAfterSeconds: 2.5`))).toEqual([expect.stringMatching(/^config\/paywalls\.yaml:10:24 paywalls\.spec\.offerAfterSeconds: /)]);
  });

});

describe('docs/experiments.md "Paywall variants"', () => {
  it('its complete example compiles and shows feedback-v2 the yearly-first paywall', () => {
    const docs = readFileSync(join(root, 'docs/experiments.md'), 'utf8');
    const section = docs.slice(docs.indexOf('### Paywall variants'));
    const example = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const checked = loadPaywalls(root, { text: example, variantNames: VARIANTS });
    if (!checked.ok) throw new Error(checked.diagnostics.map(formatFlowDiagnostic).join('\n'));
    expect(paywallForVariant(checked.value, 'feedback-v2')).toMatchObject({ id: 'yearly-first', order: ['yearly', 'weekly'], preselected: 'yearly', countdownMs: COUNTDOWN_MS });
    expect(paywallForVariant(checked.value, 'baseline').id).toBe('spec');
  });
});

describe('paywallForVariant', () => {
  const paywall = (id: string) => ({ id, order: ['weekly', 'yearly'] as const, prices: SPEC_LOOKUP_KEYS, preselected: 'weekly' as const, mostPopular: undefined, countdownMs: 1, offerDelayMs: 1 });
  const compiled: CompiledPaywalls = { defaultPaywall: 'spec', paywalls: { spec: paywall('spec'), 'yearly-first': paywall('yearly-first') }, variants: { 'feedback-v2': 'yearly-first' } };

  it('gives a visitor their variant\'s paywall, and everyone else the default', () => {
    expect(paywallForVariant(compiled, 'feedback-v2').id).toBe('yearly-first');
    expect(paywallForVariant(compiled, 'feedback-v1').id).toBe('spec');
    expect(paywallForVariant(compiled, undefined).id).toBe('spec');
    expect(paywallForVariant(compiled, 'constructor').id).toBe('spec');
  });
});
