import type { Filter, OrderTerm, QueryPlan, SelectItem } from './parse-query-string';
import { exposedSchema, quoteIdentifier } from './table-catalog';
import type { TableInfo } from './table-catalog';

/** One statement with its parameters; every identifier in it was checked against the catalog. */
export interface SqlStatement {
  readonly text: string;
  readonly params: readonly unknown[];
}

export interface ResultShape {
  /** `Accept: ...;nulls=stripped`: drop null-valued keys like PostgREST. */
  readonly stripNulls: boolean;
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function qualified(table: TableInfo): string {
  return `${quoteIdentifier(exposedSchema)}.${quoteIdentifier(table.name)}`;
}

function selectList(items: readonly SelectItem[]): string {
  return items.map((item) => `${quoteIdentifier(item.column)} as ${quoteIdentifier(item.key)}`).join(', ');
}

const comparisonSql: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

function filterSql(filter: Filter, params: Params): string {
  const column = quoteIdentifier(filter.column);
  let condition: string;
  if (filter.operator === 'is') {
    condition = `${column} is ${filter.value}`;
  } else if (filter.operator === 'in') {
    condition = filter.values.length === 0 ? 'false' : `${column} in (${filter.values.map((value) => params.add(value)).join(', ')})`;
  } else {
    // PostgREST's like patterns use * for %, since % is awkward in URLs.
    const value = filter.operator === 'like' || filter.operator === 'ilike' ? filter.value.replaceAll('*', '%') : filter.value;
    condition = `${column} ${comparisonSql[filter.operator]} ${params.add(value)}`;
  }
  return filter.negated ? `not (${condition})` : condition;
}

function whereClause(filters: readonly Filter[], params: Params): string {
  return filters.length === 0 ? '' : ` where ${filters.map((filter) => filterSql(filter, params)).join(' and ')}`;
}

function orderClause(order: readonly OrderTerm[]): string {
  if (order.length === 0) return '';
  const terms = order.map(
    (term) => `${quoteIdentifier(term.column)} ${term.direction}${term.nulls === undefined ? '' : ` nulls ${term.nulls}`}`,
  );
  return ` order by ${terms.join(', ')}`;
}

function aggregate(shape: ResultShape): string {
  const row = shape.stripNulls ? 'json_strip_nulls(row_to_json(_pgrst_row))' : '_pgrst_row';
  return `select coalesce(json_agg(${row}), '[]')::text as body, count(*)::int as row_count`;
}

/** GET: the page as one JSON array (built by Postgres, so numbers and dates match PostgREST's). */
export function buildSelectStatement(table: TableInfo, plan: QueryPlan, shape: ResultShape): SqlStatement {
  const params = new Params();
  let inner = `select ${selectList(plan.select)} from ${qualified(table)}${whereClause(plan.filters, params)}${orderClause(plan.order)}`;
  if (plan.limit !== undefined) inner += ` limit ${params.add(plan.limit)}`;
  if (plan.offset !== undefined) inner += ` offset ${params.add(plan.offset)}`;
  return { text: `${aggregate(shape)} from (${inner}) _pgrst_row`, params: params.values };
}

/** `Prefer: count=exact`: rows matching the filters, ignoring limit and offset. */
export function buildCountStatement(table: TableInfo, plan: QueryPlan): SqlStatement {
  const params = new Params();
  return { text: `select count(*)::int as total from ${qualified(table)}${whereClause(plan.filters, params)}`, params: params.values };
}

/** DELETE with the plan's filters (supabase-js `.delete().eq(...)`); no returned rows. */
export function buildDeleteStatement(table: TableInfo, plan: QueryPlan): SqlStatement {
  const params = new Params();
  return { text: `delete from ${qualified(table)}${whereClause(plan.filters, params)}`, params: params.values };
}

export interface InsertOptions {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
  /** Return the inserted rows (Prefer: return=representation) with the plan's select list. */
  readonly returning: boolean;
  readonly resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  readonly conflictColumns: readonly string[];
}

/**
 * POST: rows go in as one JSON parameter read by json_populate_recordset, as PostgREST does, so Postgres
 * converts every value to the column's type and the statement text never contains a value.
 */
export function buildInsertStatement(table: TableInfo, plan: QueryPlan, options: InsertOptions, shape: ResultShape): SqlStatement {
  const params = new Params();
  const target = qualified(table);
  const columnList = options.columns.map(quoteIdentifier).join(', ');
  const source = `json_populate_recordset(null::${target}, ${params.add(JSON.stringify(options.rows))}::json)`;
  let text =
    options.columns.length === 0
      ? `insert into ${target} select from ${source}`
      : `insert into ${target} (${columnList}) select ${columnList} from ${source}`;
  if (options.resolution !== undefined && options.conflictColumns.length > 0) {
    const conflict = options.conflictColumns.map(quoteIdentifier).join(', ');
    const updates = options.columns
      .filter((column) => !options.conflictColumns.includes(column))
      .map((column) => `${quoteIdentifier(column)} = excluded.${quoteIdentifier(column)}`);
    text +=
      options.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${conflict}) do nothing`
        : ` on conflict (${conflict}) do update set ${updates.join(', ')}`;
  }
  if (!options.returning) return { text, params: params.values };
  return {
    text: `with _pgrst_inserted as (${text} returning ${selectList(plan.select)}) ${aggregate(shape)} from _pgrst_inserted _pgrst_row`,
    params: params.values,
  };
}
