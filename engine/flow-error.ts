/** A position in a source file, 1-based like editors show it. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * One problem found in a flow, variants or translation file, located at the offending node so the
 * growth team can jump straight to it.
 */
export interface FlowDiagnostic extends SourceLocation {
  /** Dotted path of the offending value inside the file, e.g. `steps.height.storage.key`; empty for the file itself. */
  readonly path: string;
  readonly message: string;
}

/** `flows/v1.yaml:42:7 steps.height.storage.key: unknown key "heigth" - did you mean "height"?` */
export function formatFlowDiagnostic(diagnostic: FlowDiagnostic): string {
  const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
  return diagnostic.path === '' ? `${where} ${diagnostic.message}` : `${where} ${diagnostic.path}: ${diagnostic.message}`;
}

/** A path into a parsed file: object keys and array indexes. */
export type FlowPath = readonly (string | number)[];

/** `['orders', 'routes', 3]` -> `orders.routes[3]` */
export function formatFlowPath(path: FlowPath): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : text === '' ? segment : `.${segment}`;
  }
  return text;
}

/**
 * Thrown by the Vite plugin and other callers that cannot continue; carries every located diagnostic
 * and formats them one per line as its message.
 */
export class FlowError extends Error {
  readonly diagnostics: readonly FlowDiagnostic[];

  constructor(diagnostics: readonly FlowDiagnostic[]) {
    super(diagnostics.map(formatFlowDiagnostic).join('\n'));
    this.name = 'FlowError';
    this.diagnostics = diagnostics;
  }
}

/** The outcome of a step that either produces a value or explains, with locations, why it cannot. */
export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly diagnostics: readonly FlowDiagnostic[] };
