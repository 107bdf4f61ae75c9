// Types of tooling/layer-rules.mjs (plain JavaScript: eslint.config.js reads it).

/** What one layer may import from another top-level folder. */
export interface LayerImport {
  /** The folder, relative to the repository root. */
  readonly folder: string;
  /** Only these paths of it (relative to `folder`): the rest of it stays forbidden. */
  readonly only?: readonly string[];
  /** Only `import type` (erased at build), except `values` and the `wiring` files. */
  readonly typesOnly?: boolean;
  /** With `typesOnly`: a file-name pattern (`*` = any characters) of the modules values may come from. */
  readonly values?: string;
  /** With `typesOnly`: the importing layer's files (from the repository root) that may import anything. */
  readonly wiring?: readonly string[];
}

export interface LayerRule {
  /** The layer's folder, relative to the repository root. */
  readonly folder: string;
  /** One line: what the layer is, for the doc's table. */
  readonly role: string;
  /** Every other code folder is forbidden to it. */
  readonly imports: readonly LayerImport[];
}

export declare const codeFolders: readonly string[];
export declare const layerRules: readonly LayerRule[];
/** The folders the rule's layer may not import, with the paths of each (relative to it) allowed after all. */
export declare function forbiddenImports(rule: LayerRule): { folder: string; except: readonly string[] }[];
