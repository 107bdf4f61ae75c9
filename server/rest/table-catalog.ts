import { closest } from 'fastest-levenshtein';
import type { Queryable } from '../db/database';
import { PostgrestError } from './postgrest-error';

/** The only schema REST serves; `auth`, `revenuecat` and the rest are never reachable. */
export const exposedSchema = 'public';

/** The only tables REST serves, whatever else the schema holds. */
export const exposedTables: readonly string[] = ['profiles', 'fx_rates', 'stripe_customers', 'stripe_webhook_events', 'stripe_purchases', 'revenuecat_receipts', 'conversion_marks', 'stripe_checkouts', 'server_event_sends', 'payment_events', 'checkout_consents', 'customer_emails', 'contract_withdrawals', 'contract_cancellation_requests'];

export interface TableInfo {
  readonly name: string;
  /** Column names in table order. */
  readonly columns: readonly string[];
  readonly primaryKey: readonly string[];
}

export interface TableCatalog {
  /** The exposed table's columns, or PostgREST's PGRST205 for any other name. */
  table(name: string): Promise<TableInfo>;
}

/** Reads exposed tables' columns once per process, as PostgREST's schema cache does. */
export function createTableCatalog(db: Queryable): TableCatalog {
  const cache = new Map<string, Promise<TableInfo>>();

  async function load(name: string): Promise<TableInfo> {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = $1 and table_name = $2 order by ordinal_position`,
      [exposedSchema, name],
    );
    const primaryKey = await db.query<{ attname: string }>(
      `select a.attname
         from pg_index i
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = to_regclass($1) and i.indisprimary`,
      [`"${exposedSchema}"."${name}"`],
    );
    if (columns.rows.length === 0) throw unknownTable(name);
    return {
      name,
      columns: columns.rows.map((row) => row.column_name),
      primaryKey: primaryKey.rows.map((row) => row.attname),
    };
  }

  return {
    table(name) {
      if (!exposedTables.includes(name)) return Promise.reject(unknownTable(name));
      let info = cache.get(name);
      if (info === undefined) {
        info = load(name);
        info.catch(() => cache.delete(name));
        cache.set(name, info);
      }
      return info;
    },
  };
}

function unknownTable(name: string): PostgrestError {
  const suggestion = exposedTables.length > 0 ? closest(name, [...exposedTables]) : undefined;
  return new PostgrestError(
    404,
    'PGRST205',
    `Could not find the table '${exposedSchema}.${name}' in the schema cache`,
    null,
    suggestion === undefined ? null : `Perhaps you meant the table '${exposedSchema}.${suggestion}'`,
  );
}

/** PostgREST's answer for a column the table does not have. */
export function unknownColumn(table: TableInfo, column: string): PostgrestError {
  return new PostgrestError(
    400,
    '42703',
    `column ${table.name}.${column} does not exist`,
    null,
    `Perhaps you meant to reference the column "${table.name}.${closest(column, [...table.columns])}".`,
  );
}

/** Quotes an identifier that was already checked against the catalog. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
