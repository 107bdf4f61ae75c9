import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { runAsRequestRole } from '../db/run-as-request-role';
import { InvalidJwtError, requestClaims } from '../request-claims';
import type { RequestClaims } from '../request-claims';
import { buildCountStatement, buildDeleteStatement, buildInsertStatement, buildSelectStatement } from './build-sql';
import type { ResultShape } from './build-sql';
import { parseQueryString } from './parse-query-string';
import { PostgrestError, postgrestErrorFrom } from './postgrest-error';
import { createTableCatalog, exposedSchema } from './table-catalog';
import type { TableInfo } from './table-catalog';

export interface RestRoutesDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'jwtSecret'>;
}

const MAX_BODY_BYTES = 1024 * 1024;

interface Preferences {
  readonly returnRepresentation: boolean;
  readonly count: boolean;
  readonly resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
}

/** `Prefer` may come as several headers or one comma-separated list (postgrest-js sends both forms). */
function parsePreferences(header: string | undefined): Preferences {
  const tokens = new Set((header ?? '').split(',').map((token) => token.trim().toLowerCase()));
  return {
    returnRepresentation: tokens.has('return=representation'),
    count: tokens.has('count=exact') || tokens.has('count=planned') || tokens.has('count=estimated'),
    resolution: tokens.has('resolution=merge-duplicates')
      ? 'merge-duplicates'
      : tokens.has('resolution=ignore-duplicates')
        ? 'ignore-duplicates'
        : undefined,
  };
}

interface Representation extends ResultShape {
  /** `Accept: application/vnd.pgrst.object+json` (supabase-js `.single()`). */
  readonly single: boolean;
}

function parseAccept(header: string | undefined): Representation {
  const accept = (header ?? '').toLowerCase();
  return { single: accept.includes('application/vnd.pgrst.object+json'), stripNulls: accept.includes('nulls=stripped') };
}

function checkProfile(profile: string | undefined): void {
  if (profile !== undefined && profile !== exposedSchema) {
    throw new PostgrestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${exposedSchema}`);
  }
}

function singularError(rowCount: number): PostgrestError {
  return new PostgrestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rowCount} rows`);
}

function contentRange(offset: number, rowCount: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return rowCount === 0 ? `*/${totalText}` : `${offset}-${offset + rowCount - 1}/${totalText}`;
}

function contentType(representation: Representation): string {
  return representation.single ? 'application/vnd.pgrst.object+json; charset=utf-8' : 'application/json; charset=utf-8';
}

interface AggregatedRows {
  readonly body: string;
  readonly row_count: number;
}

/** The body postgrest-js expects: the array, or its only element for `.single()`. */
function responseBody(rows: AggregatedRows, representation: Representation): string {
  if (!representation.single) return rows.body;
  // The single element of a one-row array; Postgres already rendered it, so re-serialising is lossless
  // for everything JSON can carry.
  const parsed: unknown = JSON.parse(rows.body);
  return JSON.stringify(Array.isArray(parsed) ? parsed[0] : parsed);
}

function parseRows(text: string, table: TableInfo, explicitColumns: readonly string[] | undefined): {
  rows: Record<string, unknown>[];
  columns: string[];
} {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const items: unknown[] = Array.isArray(body) ? body : [body];
  const rows: Record<string, unknown>[] = [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    }
    // Narrowed to a non-array object by the checks above.
    rows.push(item as Record<string, unknown>);
  }
  if (explicitColumns !== undefined) return { rows, columns: [...explicitColumns] };
  const first = rows[0] === undefined ? [] : Object.keys(rows[0]);
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || keys.some((key) => !first.includes(key))) {
      throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const column of first) {
    if (!table.columns.includes(column)) {
      throw new PostgrestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`);
    }
  }
  return { rows, columns: first };
}

/**
 * PostgREST's `/rest/v1/<table>` subset for the exposed tables: GET (select, filters, order, limit,
 * offset, counts, `.single()`), POST (insert, upsert) and DELETE (with filters). Every request runs as its JWT's role.
 */
export function createRestRoutes({ db, config }: RestRoutesDeps): Hono {
  const app = new Hono();
  const catalog = createTableCatalog(db);

  async function handle(c: Context, work: (claims: RequestClaims) => Promise<Response>): Promise<Response> {
    let claims: RequestClaims | undefined;
    try {
      try {
        claims = await requestClaims(c.req.raw.headers, config);
      } catch (error) {
        if (!(error instanceof InvalidJwtError)) throw error;
        const failure = new PostgrestError(401, 'PGRST301', error.message);
        return c.json(failure.toJSON(), 401, {
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message.replaceAll('"', "'")}"`,
        });
      }
      return await work(claims);
    } catch (error) {
      const failure = postgrestErrorFrom(error, claims !== undefined && claims.role !== 'anon');
      if (failure === undefined) {
        console.error('REST request failed', error);
        return c.json({ code: 'PGRSTX00', details: null, hint: null, message: 'Internal server error' }, 500);
      }
      return new Response(JSON.stringify(failure.toJSON()), {
        status: failure.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
    }
  }

  app.get('/:table', (c) =>
    handle(c, async (claims) => {
      checkProfile(c.req.header('accept-profile'));
      const table = await catalog.table(c.req.param('table'));
      const plan = parseQueryString(table, new URL(c.req.url).searchParams);
      const prefer = parsePreferences(c.req.header('prefer'));
      const representation = parseAccept(c.req.header('accept'));
      const { rows, total } = await runAsRequestRole(db, claims, { method: 'GET', path: c.req.path }, async (tx) => {
        const select = buildSelectStatement(table, plan, representation);
        const page = await tx.query<AggregatedRows>(select.text, select.params);
        let count: number | undefined;
        if (prefer.count) {
          const countStatement = buildCountStatement(table, plan);
          count = (await tx.query<{ total: number }>(countStatement.text, countStatement.params)).rows[0]?.total;
        }
        return { rows: page.rows[0] ?? { body: '[]', row_count: 0 }, total: count };
      });
      if (representation.single && rows.row_count !== 1) throw singularError(rows.row_count);
      const offset = plan.offset ?? 0;
      const partial = total !== undefined && offset + rows.row_count < total;
      const headers: Record<string, string> = {
        'Content-Type': contentType(representation),
        'Content-Range': contentRange(offset, rows.row_count, total),
      };
      if (prefer.count) headers['Preference-Applied'] = 'count=exact';
      return c.body(responseBody(rows, representation), partial ? 206 : 200, headers);
    }),
  );

  app.post('/:table', (c) =>
    handle(c, async (claims) => {
      checkProfile(c.req.header('content-profile'));
      const table = await catalog.table(c.req.param('table'));
      const plan = parseQueryString(table, new URL(c.req.url).searchParams);
      const prefer = parsePreferences(c.req.header('prefer'));
      const representation = parseAccept(c.req.header('accept'));
      const length = Number(c.req.header('content-length') ?? '0');
      if (length > MAX_BODY_BYTES) throw new PostgrestError(413, 'PGRST413', 'Request body too large');
      const text = await c.req.text();
      if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) {
        throw new PostgrestError(413, 'PGRST413', 'Request body too large');
      }
      const { rows, columns } = parseRows(text, table, plan.columns);
      // Columns named in `columns` but absent from a row become null, PostgREST's default
      // (`Prefer: missing=default` is not implemented).
      const statement = buildInsertStatement(
        table,
        plan,
        {
          columns,
          rows,
          returning: prefer.returnRepresentation,
          resolution: prefer.resolution,
          conflictColumns: plan.onConflict ?? table.primaryKey,
        },
        representation,
      );
      const result = await runAsRequestRole(db, claims, { method: 'POST', path: c.req.path }, async (tx) => {
        const inserted = await tx.query<AggregatedRows>(statement.text, statement.params);
        const aggregated = prefer.returnRepresentation ? inserted.rows[0] : undefined;
        // PostgREST checks singularity inside the transaction, so a failed `.single()` inserts nothing.
        if (aggregated !== undefined && representation.single && aggregated.row_count !== 1) {
          throw singularError(aggregated.row_count);
        }
        return { aggregated, affected: inserted.affectedRows };
      });
      const headers: Record<string, string> = {
        'Content-Range': `*/${prefer.count ? String(result.aggregated?.row_count ?? result.affected) : '*'}`,
      };
      const applied = [prefer.returnRepresentation ? 'return=representation' : 'return=minimal'];
      if (prefer.count) applied.push('count=exact');
      headers['Preference-Applied'] = applied.join(', ');
      if (result.aggregated === undefined) return c.body(null, 201, headers);
      headers['Content-Type'] = contentType(representation);
      return c.body(responseBody(result.aggregated, representation), 201, headers);
    }),
  );

  // The functions' customer e-mails give a claimed key back with it (supabase/functions/_shared/customer-mail.ts).
  app.delete('/:table', (c) =>
    handle(c, async (claims) => {
      checkProfile(c.req.header('content-profile'));
      const table = await catalog.table(c.req.param('table'));
      const plan = parseQueryString(table, new URL(c.req.url).searchParams);
      await runAsRequestRole(db, claims, { method: 'DELETE', path: c.req.path }, async (tx) => {
        const statement = buildDeleteStatement(table, plan);
        await tx.query(statement.text, statement.params);
      });
      return c.body(null, 204);
    }),
  );

  app.on(['PUT', 'PATCH'], '/:table', (c) =>
    handle(c, async () => {
      throw new PostgrestError(405, 'PGRST117', `Unsupported HTTP method: ${c.req.method}`, 'The local stack implements GET, POST and DELETE');
    }),
  );

  return app;
}
