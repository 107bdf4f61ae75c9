import type { Queryable } from '../db/database';
import type { BadEvent, GoodEvent } from './enrich-tracker-event';

/** Micro's `/micro/all` summary. */
export interface EventSummary {
  readonly total: number;
  readonly good: number;
  readonly bad: number;
}

/** Micro's `POST /micro/good` filters. */
export interface GoodEventFilter {
  readonly eventType?: string;
  readonly schema?: string;
  /** Every listed entity schema must be present. */
  readonly contexts?: readonly string[];
  readonly limit?: number;
}

export interface BadEventFilter {
  readonly vendor?: string;
  readonly version?: string;
  readonly limit?: number;
}

export interface SnowplowStore {
  add(events: readonly ({ readonly good: GoodEvent } | { readonly bad: BadEvent })[]): Promise<void>;
  summary(): Promise<EventSummary>;
  /** Newest first, as Micro lists them. */
  good(filter?: GoodEventFilter): Promise<GoodEvent[]>;
  bad(filter?: BadEventFilter): Promise<BadEvent[]>;
  reset(): Promise<void>;
}

/** The collector's events in Postgres (schema `snowplow`), so they survive a restart like the other emulators' data. */
export function createSnowplowStore(db: Queryable): SnowplowStore {
  return {
    async add(events) {
      for (const outcome of events) {
        if ('good' in outcome) {
          const { good } = outcome;
          await db.query(
            'insert into snowplow.events (good, event_type, schema, contexts, api_vendor, api_version, payload) values (true, $1, $2, $3, $4, $5, $6)',
            [good.eventType, good.schema, good.contexts, good.rawEvent.api.vendor, good.rawEvent.api.version, JSON.stringify(good)],
          );
        } else {
          const api = outcome.bad.rawEvent?.api;
          await db.query('insert into snowplow.events (good, api_vendor, api_version, payload) values (false, $1, $2, $3)', [
            api?.vendor ?? null,
            api?.version ?? null,
            JSON.stringify(outcome.bad),
          ]);
        }
      }
    },
    async summary() {
      const { rows } = await db.query<{ good: number; bad: number }>(
        'select count(*) filter (where good)::int as good, count(*) filter (where not good)::int as bad from snowplow.events',
      );
      const good = rows[0]?.good ?? 0;
      const bad = rows[0]?.bad ?? 0;
      return { total: good + bad, good, bad };
    },
    async good(filter = {}) {
      const { rows } = await db.query<{ payload: GoodEvent }>(
        `select payload from snowplow.events
          where good and ($1::text is null or event_type = $1) and ($2::text is null or schema = $2) and contexts @> $3::text[]
          order by seq desc limit $4`,
        [filter.eventType ?? null, filter.schema ?? null, filter.contexts ?? [], filter.limit ?? null],
      );
      return rows.map((row) => row.payload);
    },
    async bad(filter = {}) {
      const { rows } = await db.query<{ payload: BadEvent }>(
        `select payload from snowplow.events
          where not good and ($1::text is null or api_vendor = $1) and ($2::text is null or api_version = $2)
          order by seq desc limit $3`,
        [filter.vendor ?? null, filter.version ?? null, filter.limit ?? null],
      );
      return rows.map((row) => row.payload);
    },
    async reset() {
      await db.query('delete from snowplow.events');
    },
  };
}
