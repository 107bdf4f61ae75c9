// Types of tooling/area-rules.mjs (plain JavaScript: eslint.config.js reads it).

export interface Area {
  readonly name: string;
  /** Its folders under services/. */
  readonly services: readonly string[];
  /** Its hook and context in screens/areas/area-contexts.ts. */
  readonly names: readonly string[];
}

export interface AreaRule {
  /** A screens/ folder, relative to the repository root. */
  readonly folder: string;
  /** The restricted areas (`restrictedAreas`) its pages use. */
  readonly uses: readonly string[];
}

export declare const restrictedAreas: readonly Area[];
export declare const areaRules: readonly AreaRule[];
export declare const AREA_CONTEXTS: string;
export declare function forbiddenAreas(rule: AreaRule): Area[];
