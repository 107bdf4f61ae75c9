import { PostgrestError } from './postgrest-error';
import { unknownColumn } from './table-catalog';
import type { TableInfo } from './table-catalog';

export interface SelectItem {
  readonly column: string;
  /** JSON key in the answer (the column itself unless renamed with `alias:column`). */
  readonly key: string;
}

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is';

export type Filter =
  | {
      readonly column: string;
      readonly negated: boolean;
      readonly operator: ComparisonOperator;
      readonly value: string;
    }
  | { readonly column: string; readonly negated: boolean; readonly operator: 'in'; readonly values: readonly string[] }
  | { readonly column: string; readonly negated: boolean; readonly operator: 'is'; readonly value: 'null' | 'true' | 'false' | 'unknown' };

export interface OrderTerm {
  readonly column: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last' | undefined;
}

export interface QueryPlan {
  readonly select: readonly SelectItem[];
  readonly filters: readonly Filter[];
  readonly order: readonly OrderTerm[];
  readonly limit: number | undefined;
  readonly offset: number | undefined;
  /** Insert: the `columns` parameter (postgrest-js sends it for array bodies). */
  readonly columns: readonly string[] | undefined;
  /** Upsert: the `on_conflict` parameter. */
  readonly onConflict: readonly string[] | undefined;
}

const reservedParameters = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);
const logicParameters = new Set(['or', 'and', 'not.or', 'not.and']);
type ComparisonOperator = Exclude<FilterOperator, 'in' | 'is'>;
const comparisonOperators: readonly string[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike'];

function isComparisonOperator(operator: string): operator is ComparisonOperator {
  return comparisonOperators.includes(operator);
}

function parseError(message: string, details: string | null = null): PostgrestError {
  return new PostgrestError(400, 'PGRST100', message, details);
}

/** `"a,b"` -> a,b with double-quoted names allowed, as postgrest-js quotes them. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (char === '\\' && quoted && i + 1 < text.length) {
      current += text.charAt(i + 1);
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted) throw parseError(`failed to parse (${text})`, 'unexpected end of input: unterminated quote');
  parts.push(current);
  return parts;
}

function checkedColumn(table: TableInfo, name: string): string {
  if (!table.columns.includes(name)) throw unknownColumn(table, name);
  return name;
}

function parseSelect(table: TableInfo, raw: string | null): SelectItem[] {
  const text = raw === null || raw.trim() === '' ? '*' : raw;
  if (/[()]|\.\.\.|->|::/.test(text)) {
    throw parseError(
      `failed to parse select parameter (${text})`,
      'The local stack supports plain columns, "*" and "alias:column" (no embedding, casts or JSON paths)',
    );
  }
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(text)) {
    const item = part.trim();
    if (item === '*') {
      for (const column of table.columns) items.push({ column, key: column });
      continue;
    }
    const colon = item.indexOf(':');
    const key = colon === -1 ? item : item.slice(0, colon).trim();
    const column = colon === -1 ? item : item.slice(colon + 1).trim();
    if (column === '' || key === '') throw parseError(`failed to parse select parameter (${text})`);
    items.push({ column: checkedColumn(table, column), key });
  }
  return items;
}

/** PostgREST list syntax: `(a,"b,c",d)`. */
function parseList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw parseError(`failed to parse filter (in.${text})`);
  const inner = text.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner);
}

function parseFilter(table: TableInfo, column: string, raw: string): Filter {
  const match = /^(not\.)?([a-z]+)\.([\s\S]*)$/.exec(raw);
  if (match === null) throw parseError(`failed to parse filter (${raw})`, 'expected an operator such as eq.');
  const negated = match[1] !== undefined;
  const operator = match[2] ?? '';
  const value = match[3] ?? '';
  checkedColumn(table, column);
  if (operator === 'in') return { column, negated, operator, values: parseList(value) };
  if (operator === 'is') {
    const lowered = value.toLowerCase();
    if (lowered !== 'null' && lowered !== 'true' && lowered !== 'false' && lowered !== 'unknown') {
      throw parseError(`failed to parse filter (${raw})`, 'is. accepts null, true, false or unknown');
    }
    return { column, negated, operator, value: lowered };
  }
  if (isComparisonOperator(operator)) return { column, negated, operator, value };
  throw parseError(`failed to parse filter (${raw})`, `operator "${operator}" is not supported by the local stack`);
}

function parseOrder(table: TableInfo, raw: string | null): OrderTerm[] {
  if (raw === null || raw.trim() === '') return [];
  return raw.split(',').map((term) => {
    const [column = '', ...modifiers] = term.trim().split('.');
    let direction: 'asc' | 'desc' = 'asc';
    let nulls: 'first' | 'last' | undefined;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') direction = modifier;
      else if (modifier === 'nullsfirst') nulls = 'first';
      else if (modifier === 'nullslast') nulls = 'last';
      else throw parseError(`failed to parse order (${raw})`, `unexpected "${modifier}"`);
    }
    return { column: checkedColumn(table, column), direction, nulls };
  });
}

function parseCount(name: 'limit' | 'offset', raw: string | null): number | undefined {
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw parseError(`failed to parse ${name} parameter (${raw})`);
  return Number(raw);
}

function parseColumnList(table: TableInfo, raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return splitTopLevel(raw).map((name) => {
    const column = name.trim();
    if (!table.columns.includes(column)) {
      throw new PostgrestError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      );
    }
    return column;
  });
}

/** Reads PostgREST's query string against the table's known columns; every identifier is checked. */
export function parseQueryString(table: TableInfo, params: URLSearchParams): QueryPlan {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (reservedParameters.has(key)) continue;
    if (logicParameters.has(key)) {
      throw parseError(`failed to parse logic tree (${value})`, 'or/and filters are not supported by the local stack');
    }
    filters.push(parseFilter(table, key, value));
  }
  return {
    select: parseSelect(table, params.get('select')),
    filters,
    order: parseOrder(table, params.get('order')),
    limit: parseCount('limit', params.get('limit')),
    offset: parseCount('offset', params.get('offset')),
    columns: parseColumnList(table, params.get('columns')),
    onConflict: params.get('on_conflict')?.split(',').map((name) => checkedColumn(table, name.trim())),
  };
}
