import { CONSUMER_RULES } from './consumer-rules.generated.ts';

/** The rules of one country (config/consumer-rules.yaml). */
export interface CountryRules {
  readonly immediateStartConsent: boolean;
  readonly withdrawalDays: number;
}

export interface ConsumerRules {
  readonly consentWordingVersion: number;
  readonly default: CountryRules;
  readonly countries: Readonly<Record<string, CountryRules>>;
}

/**
 * The rules for a visitor's country (ISO 3166-1 alpha-2, any case): its own entry, else the default,
 * which also holds when the country is unknown (null). The browser's payment page and the functions
 * decide with this same function, so they cannot disagree.
 */
export function consumerRulesFor(country: string | null | undefined, rules: ConsumerRules = CONSUMER_RULES): CountryRules {
  const code = country?.trim().toUpperCase();
  return (code === undefined ? undefined : rules.countries[code]) ?? rules.default;
}
