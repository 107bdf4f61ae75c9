import { z } from 'zod';
import type { FlowDiagnostic, FlowPath } from './flow-error.ts';
import { didYouMean, suggestName } from './suggest-name.ts';

/** Where diagnostics get their positions from: one file, or a child and the flows it extends. */
export interface IssueLocator {
  /** At the value of `path` (or its deepest existing parent). */
  at(path: FlowPath, message: string): FlowDiagnostic;
  /** At the key of `path`'s last segment. */
  atKey(path: FlowPath, message: string): FlowDiagnostic;
  /** Whether the file(s) spell out `path`. */
  has(path: FlowPath): boolean;
}

/**
 * Turns zod issues into messages a person editing YAML can act on, each located at the offending node:
 * unknown keys and out-of-enum names get a "did you mean" suggestion, missing keys point at the object
 * that should hold them.
 *
 * @param schema the schema that produced the issues (used to list the keys an object allows)
 * @param data the parsed data (used to show the offending value)
 */
export function locateSchemaIssues(
  issues: readonly z.core.$ZodIssue[],
  schema: z.ZodType,
  data: unknown,
  locator: IssueLocator,
): FlowDiagnostic[] {
  const diagnostics: FlowDiagnostic[] = [];
  for (const issue of issues) describeIssue(issue, [], schema, data, locator, diagnostics);
  return diagnostics;
}

function describeIssue(
  issue: z.core.$ZodIssue,
  prefix: FlowPath,
  schema: z.ZodType,
  data: unknown,
  locator: IssueLocator,
  out: FlowDiagnostic[],
): void {
  const path: FlowPath = [...prefix, ...issue.path.filter(isPathSegment)];
  const value = valueAt(data, path);
  const last = path[path.length - 1];

  switch (issue.code) {
    case 'unrecognized_keys': {
      const allowed = allowedKeys(schema, path, data);
      for (const key of issue.keys) {
        out.push(locator.atKey([...path, key], `unknown key "${key}"${didYouMean(key, allowed)}`));
      }
      return;
    }
    case 'invalid_value': {
      if (value === undefined && !locator.has(path)) {
        out.push(missing(path, locator));
        return;
      }
      out.push(locator.at(path, outOfSet(last, value, issue.values.map(String))));
      return;
    }
    case 'invalid_union': {
      if (issue.discriminator !== undefined && issue.errors.length === 0) {
        // A discriminated union whose discriminator is wrong or absent: treat like an enum on it.
        // zod puts the allowed discriminator values on the issue without declaring them in its type.
        const options = 'options' in issue && Array.isArray(issue.options) ? issue.options.map(String) : [];
        const discriminatorPath = last === issue.discriminator ? path : [...path, issue.discriminator];
        const discriminatorValue = valueAt(data, discriminatorPath);
        if (discriminatorValue === undefined) {
          out.push(missing(discriminatorPath, locator));
        } else {
          out.push(locator.at(discriminatorPath, outOfSet(issue.discriminator, discriminatorValue, options)));
        }
        return;
      }
      describeUnion(issue.errors, path, schema, data, value, locator, out);
      return;
    }
    case 'invalid_type': {
      if (value === undefined && !locator.has(path)) {
        out.push(missing(path, locator));
        return;
      }
      out.push(locator.at(path, `expected ${issue.expected}, found ${describeValue(value)}`));
      return;
    }
    case 'invalid_key': {
      const inner = issue.issues.map((i) => i.message).join('; ');
      out.push(locator.atKey(path, `invalid name "${String(last)}": ${inner}`));
      return;
    }
    case 'too_small':
      if (Array.isArray(value) && value.length === 0) {
        out.push(locator.at(path, 'must not be empty'));
        return;
      }
      out.push(locator.at(path, `${describeValue(value)} is too small: ${issue.message}`));
      return;
    case 'invalid_format':
      out.push(locator.at(path, `${describeValue(value)} ${issue.message}`));
      return;
    default:
      out.push(locator.at(path, issue.message));
  }
}

/**
 * A union where every branch failed. When all branches reject the value's type outright, say what
 * types were allowed; otherwise report the branch that got furthest (fewest issues), e.g. a
 * background with `female` but no `male`.
 */
function describeUnion(
  branches: readonly (readonly z.core.$ZodIssue[])[],
  path: FlowPath,
  schema: z.ZodType,
  data: unknown,
  value: unknown,
  locator: IssueLocator,
  out: FlowDiagnostic[],
): void {
  const typeOnly = branches.every((b) => b.length === 1 && b[0]?.code === 'invalid_type' && b[0].path.length === 0);
  if (typeOnly || branches.length === 0) {
    const expected = branches.flatMap((b) => (b[0]?.code === 'invalid_type' ? [b[0].expected] : []));
    out.push(locator.at(path, `expected ${expected.join(' or ') || 'a different value'}, found ${describeValue(value)}`));
    return;
  }
  let best = branches[0] ?? [];
  for (const branch of branches) {
    // Prefer the branch that does not merely reject keys the value actually has.
    if (score(branch) < score(best)) best = branch;
  }
  for (const inner of best) describeIssue(inner, path, schema, data, locator, out);
}

function score(branch: readonly z.core.$ZodIssue[]): number {
  return branch.reduce((sum, issue) => sum + (issue.code === 'unrecognized_keys' ? 2 : 1), 0);
}

function missing(path: FlowPath, locator: IssueLocator): FlowDiagnostic {
  const key = path[path.length - 1];
  // The key is not in the file, so point at the object that should contain it.
  const diagnostic = locator.at(path.slice(0, -1), `missing required key "${String(key)}"`);
  return { ...diagnostic, path: diagnostic.path === '' ? String(key) : `${diagnostic.path}.${String(key)}` };
}

/** Wording for a value outside an allowed set. Key-like fields say "unknown key", as the team reads them. */
function outOfSet(field: string | number | undefined, value: unknown, allowed: readonly string[]): string {
  const noun = field === 'screen' ? 'unknown screen kind' : field === 'mode' ? 'unknown storage mode' : field === 'version' ? 'unsupported value' : 'unknown key';
  if (typeof value !== 'string') return `${noun} ${describeValue(value)} - expected one of ${allowed.join(', ')}`;
  const suggestion = suggestName(value, allowed);
  if (suggestion !== undefined) return `${noun} "${value}" - did you mean "${suggestion}"?`;
  return `${noun} "${value}" - expected one of ${allowed.join(', ')}`;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `"${value}"`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  return typeof value;
}

function isPathSegment(segment: PropertyKey): segment is string | number {
  return typeof segment === 'string' || typeof segment === 'number';
}

function valueAt(data: unknown, path: FlowPath): unknown {
  let current = data;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys the object schema at `path` accepts, walking through optional/default/record/array/union. */
function allowedKeys(schema: z.ZodType, path: FlowPath, data: unknown): string[] {
  const keys = new Set<string>();
  for (const target of schemasAt(schema, path, data, 0)) {
    if (target instanceof z.ZodObject) for (const key of Object.keys(target.shape)) keys.add(key);
  }
  return [...keys];
}

function schemasAt(schema: z.core.$ZodType, path: FlowPath, data: unknown, depth: number): z.core.$ZodType[] {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodUnion) {
    return inner.options.flatMap((option) => schemasAt(option, path, data, depth));
  }
  if (depth === path.length) return [inner];
  const segment = path[depth];
  if (inner instanceof z.ZodObject) {
    const shape: z.core.$ZodShape = inner.shape;
    const child: z.core.$ZodType | undefined = shape[String(segment)];
    return child === undefined ? [] : schemasAt(child, path, data, depth + 1);
  }
  if (inner instanceof z.ZodRecord) return schemasAt(inner.valueType, path, data, depth + 1);
  if (inner instanceof z.ZodArray) return schemasAt(inner.element, path, data, depth + 1);
  return [];
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.unwrap();
    else return current;
  }
}
