// Written by `npm run config:functions` from config/consumer-rules.yaml: edit the YAML, then run it.
// tests/unit/engine/consumer-rules.test.ts fails while this file differs from the YAML.
export const CONSUMER_RULES = {
  "consentWordingVersion": 1,
  "default": {
    "immediateStartConsent": true,
    "withdrawalDays": 14
  },
  "countries": {
    "DE": {
      "immediateStartConsent": true,
      "withdrawalDays": 14
    },
    "US": {
      "immediateStartConsent": false,
      "withdrawalDays": 0
    }
  }
};
