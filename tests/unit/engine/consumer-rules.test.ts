import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consumerRulesFor, type ConsumerRules } from '../../../engine/consumer-rules';
import { consumerRulesModule, loadConsumerRules } from '../../../engine/load-consumer-rules';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { consumerRulesFor as functionsRulesFor } from '../../../supabase/functions/_shared/consumer-rules';

const root = resolve(import.meta.dirname, '../../..');

function messages(text: string): string[] {
  const checked = loadConsumerRules(root, text);
  return checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic);
}

function loaded(): ConsumerRules {
  const checked = loadConsumerRules(root);
  if (!checked.ok) throw new Error(checked.diagnostics.map(formatFlowDiagnostic).join('\n'));
  return checked.value;
}

const valid = `version: 1
consentWordingVersion: 3
default: { immediateStartConsent: true, withdrawalDays: 14 }
countries:
  US: { immediateStartConsent: false, withdrawalDays: 0 }
`;

describe('config/consumer-rules.yaml (engine/consumer-rules.ts)', () => {
  it('a country gets its own rules; any other, and an unknown one, the default (EU) rules', () => {
    const checked = loadConsumerRules(root, valid);
    if (!checked.ok) throw new Error('valid rules refused');
    const rules = checked.value;
    expect(consumerRulesFor(rules, 'us')).toEqual({ immediateStartConsent: false, withdrawalDays: 0 });
    expect(consumerRulesFor(rules, ' US ')).toEqual(rules.countries.US);
    expect(consumerRulesFor(rules, 'FR')).toEqual(rules.default);
    expect(consumerRulesFor(rules, null)).toEqual(rules.default);
    expect(consumerRulesFor(rules, undefined)).toEqual(rules.default);
  });

  it('refuses a malformed file with the line and column of each problem', () => {
    const found = messages(`version: 1
consentWordingVersion: 0
default: { immediateStartConsent: yes, withdrawalDays: 14 }
countries:
  usa: { immediateStartConsent: false, withdrawalDays: -1 }
`);
    expect(found.some((line) => line.startsWith('config/consumer-rules.yaml:2:24 consentWordingVersion:'))).toBe(true);
    expect(found.some((line) => line.startsWith('config/consumer-rules.yaml:3:35 default.immediateStartConsent:'))).toBe(true);
    expect(found).toContain('config/consumer-rules.yaml:5:3 countries.usa: invalid name "usa": must be an ISO 3166-1 alpha-2 country code in capitals, e.g. DE');
    expect(messages(valid.replace('withdrawalDays: 0', 'withdrawalDays: -1')).join('\n')).toMatch(/^config\/consumer-rules\.yaml:5:\d+ countries\.US\.withdrawalDays:/);
    expect(messages(valid.replace('withdrawalDays: 14 }', 'withdrawalDays: 14, refunds: all }')).join('\n')).toMatch(/config\/consumer-rules\.yaml:3:\d+ default\.refunds: unknown key "refunds"/);
  });

  it('the repository\'s rules: EU rules by default and in Germany, no consent asked in the US', () => {
    const rules = loaded();
    expect(consumerRulesFor(rules, null)).toEqual({ immediateStartConsent: true, withdrawalDays: 14 });
    expect(consumerRulesFor(rules, 'DE')).toEqual({ immediateStartConsent: true, withdrawalDays: 14 });
    expect(consumerRulesFor(rules, 'US')).toEqual({ immediateStartConsent: false, withdrawalDays: 0 });
  });

  it('the functions\' copy is the YAML as `npm run config:functions` writes it, and decides as the browser does', () => {
    const rules = loaded();
    const generated = readFileSync(resolve(root, 'supabase/functions/_shared/consumer-rules.generated.ts'), 'utf8');
    expect(generated, 'run `npm run config:functions` after editing config/consumer-rules.yaml').toBe(consumerRulesModule(rules));
    for (const country of [null, 'DE', 'de', 'US', 'FR', 'JP']) expect(functionsRulesFor(country)).toEqual(consumerRulesFor(rules, country));
  });
});
