import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consumerRulesModule, loadConsumerRules } from '../engine/load-consumer-rules';
import { formatFlowDiagnostic } from '../engine/flow-error';

/**
 * `npm run config:functions`: writes the functions' copy of config/consumer-rules.yaml. A deployed
 * Edge Function bundles only supabase/functions, so the reviewed YAML reaches it as a generated module;
 * tests/unit/engine/consumer-rules.test.ts fails while the copy is stale.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const loaded = loadConsumerRules(root);
if (!loaded.ok) {
  for (const diagnostic of loaded.diagnostics) console.error(formatFlowDiagnostic(diagnostic));
  process.exit(1);
}
const target = 'supabase/functions/_shared/consumer-rules.generated.ts';
writeFileSync(join(root, target), consumerRulesModule(loaded.value));
console.log(`wrote ${target}`);
