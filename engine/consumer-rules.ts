/** The rules of one country (config/consumer-rules.yaml; its comments say what each follows). */
export interface CountryRules {
  readonly immediateStartConsent: boolean;
  readonly withdrawalDays: number;
}

/** config/consumer-rules.yaml as the browser and the functions read it (engine/load-consumer-rules.ts checks it). */
export interface ConsumerRules {
  readonly version: 1;
  readonly consentWordingVersion: number;
  readonly default: CountryRules;
  readonly countries: Readonly<Record<string, CountryRules>>;
}

/**
 * The rules for a visitor's country (ISO 3166-1 alpha-2, any case): its own entry, else the default,
 * which also holds when the country is unknown (null). supabase/functions/_shared/consumer-rules.ts
 * decides the same way on the server (tests/unit/engine/consumer-rules.test.ts holds them together).
 * No Node modules here: the payment page imports it.
 */
export function consumerRulesFor(rules: ConsumerRules, country: string | null | undefined): CountryRules {
  const code = country?.trim().toUpperCase();
  return (code === undefined ? undefined : rules.countries[code]) ?? rules.default;
}
