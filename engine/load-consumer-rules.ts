import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConsumerRules } from './consumer-rules.ts';
import type { Checked } from './flow-error.ts';
import { loadYamlFile } from './load-yaml-file.ts';

/** Where the reviewed consumer rules live, relative to the project root. */
export const consumerRulesFile = 'config/consumer-rules.yaml';

const countryRulesSchema = z
  .object({
    immediateStartConsent: z.boolean(),
    withdrawalDays: z.number().int().min(0).max(60),
  })
  .strict();

const consumerRulesSchema = z
  .object({
    version: z.literal(1),
    consentWordingVersion: z.number().int().positive(),
    default: countryRulesSchema,
    countries: z.record(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code in capitals, e.g. DE'), countryRulesSchema),
  })
  .strict() satisfies z.ZodType<ConsumerRules>;

/**
 * Reads and checks config/consumer-rules.yaml at build time; every problem comes back located.
 *
 * @param text the file's contents (read from `root` when omitted)
 */
export function loadConsumerRules(root: string, text?: string): Checked<ConsumerRules> {
  const loaded = loadYamlFile(consumerRulesFile, text ?? readFileSync(join(root, consumerRulesFile), 'utf8'), { schema: consumerRulesSchema, currentVersion: 1, migrations: [] });
  return loaded.ok ? { ok: true, value: loaded.value.data } : loaded;
}

/** The functions' copy of the rules (supabase/functions/_shared/consumer-rules.generated.ts), as `npm run config:functions` writes it. */
export function consumerRulesModule(rules: ConsumerRules): string {
  return [
    `// Written by \`npm run config:functions\` from ${consumerRulesFile}: edit the YAML, then run it.`,
    '// tests/unit/engine/consumer-rules.test.ts fails while this file differs from the YAML.',
    `export const CONSUMER_RULES = ${JSON.stringify({ consentWordingVersion: rules.consentWordingVersion, default: rules.default, countries: rules.countries }, null, 2)};`,
    '',
  ].join('\n');
}
