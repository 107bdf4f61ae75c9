// Which areas of services each screens/ folder may use (docs/architecture.md, "Services by area"), as
// data. tooling/layer-lint-config.mjs turns it into lint rules: import-x zones for the areas' service
// folders (and the whole `AppServices`), and no-restricted-imports for the areas' hooks and contexts in
// screens/areas/area-contexts.ts. Plain JavaScript: ESLint loads its config without compiling TypeScript.

/**
 * The areas a page may not have by default, each with its service folders and its names in
 * screens/areas/area-contexts.ts. Page, funnel, telemetry and consent are every page's.
 *
 * @type {readonly import('./area-rules.d.mts').Area[]}
 */
export const restrictedAreas = [
  { name: 'account', services: ['account', 'receipts', 'supabase'], names: ['useAccountArea', 'AccountAreaContext'] },
  { name: 'checkout', services: ['checkout', 'payments'], names: ['useCheckoutArea', 'CheckoutAreaContext'] },
  { name: 'help-centre', services: ['help-centre'], names: ['useHelpCentreArea', 'HelpCentreAreaContext'] },
];

/**
 * Each screens/ folder with the restricted areas it uses. The questionnaire (screens/funnel) uses none:
 * its first step must not depend on the account, the checkout or the help centre.
 *
 * @type {readonly import('./area-rules.d.mts').AreaRule[]}
 */
export const areaRules = [
  { folder: 'screens/funnel', uses: [] },
  { folder: 'screens/sign-up', uses: ['account'] },
  { folder: 'screens/account', uses: ['account'] },
  { folder: 'screens/checkout', uses: ['account', 'checkout'] },
  { folder: 'screens/help-centre', uses: ['account', 'help-centre'] },
];

/** The module holding every area's hook and context. */
export const AREA_CONTEXTS = 'screens/areas/area-contexts';

/**
 * The restricted areas `rule`'s folder may not use.
 *
 * @param {import('./area-rules.d.mts').AreaRule} rule
 */
export function forbiddenAreas(rule) {
  return restrictedAreas.filter((area) => !rule.uses.includes(area.name));
}
