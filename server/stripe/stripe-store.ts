import type { Queryable } from '../db/database';
import { resourceMissing } from './stripe-api-error';
import { objectNouns } from './stripe-objects';
import type { StripeObjectKind, StripeObjectTypes } from './stripe-objects';

export interface ListPage {
  readonly limit: number;
  readonly startingAfter?: string;
  readonly endingBefore?: string;
}

/**
 * The emulator's objects in Postgres (schema `stripe`), one JSON document per object. Reads are typed
 * by kind: the rows were written by this code from the same types, so the stored JSON is trusted.
 */
export class StripeStore {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  async find<K extends StripeObjectKind>(kind: K, id: string): Promise<StripeObjectTypes[K] | undefined> {
    const rows = await this.db.query<{ data: StripeObjectTypes[K] }>('select data from stripe.objects where id = $1 and object = $2', [id, kind]);
    return rows.rows[0]?.data;
  }

  /** The object, or Stripe's 404 naming it. */
  async get<K extends StripeObjectKind>(kind: K, id: string, param = 'id'): Promise<StripeObjectTypes[K]> {
    const found = await this.find(kind, id);
    if (found === undefined) throw resourceMissing(objectNouns[kind], id, param);
    return found;
  }

  /** Any stored object by id, whatever its kind (expansion). */
  async findAny(id: string): Promise<Record<string, unknown> | undefined> {
    const rows = await this.db.query<{ data: Record<string, unknown> }>('select data from stripe.objects where id = $1', [id]);
    return rows.rows[0]?.data;
  }

  async put<K extends StripeObjectKind>(kind: K, value: StripeObjectTypes[K]): Promise<StripeObjectTypes[K]> {
    await this.db.query(
      `insert into stripe.objects (id, object, data) values ($1, $2, $3::jsonb)
       on conflict (id) do update set data = excluded.data, updated_at = now()`,
      [value.id, kind, JSON.stringify(value)],
    );
    return value;
  }

  async remove(id: string): Promise<void> {
    await this.db.query('delete from stripe.objects where id = $1', [id]);
  }

  /**
   * One page of a list, newest first. `where` is a JSON containment filter (`{"customer": "cus_1"}`);
   * the cursor ids follow Stripe's `starting_after` / `ending_before`.
   */
  async list<K extends StripeObjectKind>(
    kind: K,
    where: Readonly<Record<string, unknown>>,
    page: ListPage,
  ): Promise<{ data: StripeObjectTypes[K][]; hasMore: boolean }> {
    const params: unknown[] = [kind, JSON.stringify(where), page.limit + 1];
    let cursor = '';
    if (page.startingAfter !== undefined) {
      params.push(page.startingAfter);
      cursor = 'and seq < (select seq from stripe.objects where id = $4)';
    } else if (page.endingBefore !== undefined) {
      params.push(page.endingBefore);
      cursor = 'and seq > (select seq from stripe.objects where id = $4)';
    }
    // ending_before pages towards newer objects: read them oldest first, then present newest first.
    const order = page.endingBefore !== undefined && page.startingAfter === undefined ? 'asc' : 'desc';
    const rows = await this.db.query<{ data: StripeObjectTypes[K] }>(
      `select data from stripe.objects where object = $1 and data @> $2::jsonb ${cursor} order by seq ${order} limit $3`,
      params,
    );
    const data = rows.rows.slice(0, page.limit).map((row) => row.data);
    if (order === 'asc') data.reverse();
    return { data, hasMore: rows.rows.length > page.limit };
  }

  /** Every object of a kind matching the filter, newest first (search, clocks, small sets). */
  async all<K extends StripeObjectKind>(kind: K, where: Readonly<Record<string, unknown>> = {}): Promise<StripeObjectTypes[K][]> {
    const rows = await this.db.query<{ data: StripeObjectTypes[K] }>(
      'select data from stripe.objects where object = $1 and data @> $2::jsonb order by seq desc',
      [kind, JSON.stringify(where)],
    );
    return rows.rows.map((row) => row.data);
  }
}
