import { isMap, isNode, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import type { FlowDiagnostic, FlowPath, SourceLocation } from './flow-error.ts';
import { formatFlowPath } from './flow-error.ts';

/**
 * A parsed YAML file that still knows where every node came from, so that any problem found later
 * (schema, extends, verification) can be reported at `file:line:column`.
 */
export class FlowSource {
  readonly file: string;
  readonly document: Document;
  private readonly lines: LineCounter;

  private constructor(file: string, document: Document, lines: LineCounter) {
    this.file = file;
    this.document = document;
    this.lines = lines;
  }

  /** Parses `text`; YAML syntax errors (and duplicate keys) come back as located diagnostics. */
  static parse(file: string, text: string): { source: FlowSource; diagnostics: FlowDiagnostic[] } {
    const lines = new LineCounter();
    const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const source = new FlowSource(file, document, lines);
    const diagnostics = document.errors.map((error): FlowDiagnostic => {
      const { line, column } = source.position(error.pos[0]);
      // yaml's messages end with a code frame on later lines; the first line is the useful part.
      const message = `YAML syntax error: ${error.message.split('\n')[0] ?? error.message}`;
      return { file, line, column, path: '', message };
    });
    return { source, diagnostics };
  }

  /** The plain data of the document (after migrations edited it in place). */
  toData(): unknown {
    return this.document.toJS({ maxAliasCount: 1000 });
  }

  /** The node at `path`, or undefined when the file does not spell it out. */
  node(path: FlowPath): Node | undefined {
    const found: unknown = path.length === 0 ? this.document.contents : this.document.getIn(path, true);
    return isNode(found) ? found : undefined;
  }

  has(path: FlowPath): boolean {
    return this.node(path)?.range != null;
  }

  /** Where the value at `path` starts, or undefined if it is not in this file. */
  valueLocation(path: FlowPath): SourceLocation | undefined {
    const range = this.node(path)?.range;
    return range == null ? undefined : this.position(range[0]);
  }

  /** Where the key of the last segment of `path` is written (for "unknown key" errors). */
  keyLocation(path: FlowPath): SourceLocation | undefined {
    const last = path[path.length - 1];
    const parent = this.node(path.slice(0, -1));
    if (last === undefined || !isMap(parent)) return this.valueLocation(path);
    for (const pair of parent.items) {
      if (isScalar(pair.key) && String(pair.key.value) === String(last) && pair.key.range != null) {
        return this.position(pair.key.range[0]);
      }
    }
    return this.valueLocation(path);
  }

  /** How many leading segments of `path` exist in this file, and where the deepest of them is. */
  nearest(path: FlowPath): { depth: number; location: SourceLocation } {
    for (let depth = path.length; depth > 0; depth--) {
      const location = this.valueLocation(path.slice(0, depth));
      if (location !== undefined) return { depth, location };
    }
    return { depth: 0, location: this.valueLocation([]) ?? { file: this.file, line: 1, column: 1 } };
  }

  /** A diagnostic at the value of `path`, or at the deepest part of it that the file has. */
  diagnosticAt(path: FlowPath, message: string): FlowDiagnostic {
    return { ...this.nearest(path).location, path: formatFlowPath(path), message };
  }

  /** A diagnostic at the key of `path`'s last segment. */
  diagnosticAtKey(path: FlowPath, message: string): FlowDiagnostic {
    const location = this.keyLocation(path) ?? this.nearest(path).location;
    return { ...location, path: formatFlowPath(path), message };
  }

  position(offset: number): SourceLocation {
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, column: col };
  }
}

/**
 * Locates a path in a flow that is assembled from several files (a child and the flows it extends).
 * The most derived file that spells the full path wins; otherwise the file that gets deepest into it,
 * preferring the child on ties, because that is where the missing piece would be written.
 */
export function locateInSources(sources: readonly FlowSource[], path: FlowPath, message: string): FlowDiagnostic {
  let best: { depth: number; location: SourceLocation } | undefined;
  for (const source of sources) {
    const found = source.nearest(path);
    if (found.depth === path.length) return { ...found.location, path: formatFlowPath(path), message };
    if (best === undefined || found.depth > best.depth) best = found;
  }
  const location = best?.location ?? { file: sources[0]?.file ?? '<unknown>', line: 1, column: 1 };
  return { ...location, path: formatFlowPath(path), message };
}
