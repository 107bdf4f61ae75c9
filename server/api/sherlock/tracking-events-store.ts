import type { Queryable } from '../../db/database';

export interface TrackingEventRow {
  readonly id: string;
  readonly event_name: string | null;
  readonly params: Record<string, string>;
  readonly user_agent: string | null;
  readonly received_at: Date;
}

/** The tracking-events sink's rows (schema `sherlock`, server/db/platform-migrations/0041_sherlock.sql). */
export class TrackingEventsStore {
  constructor(private readonly db: Queryable) {}

  async record(params: Readonly<Record<string, string>>, userAgent: string | undefined): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'insert into sherlock.tracking_events (event_name, params, user_agent) values ($1, $2, $3) returning id::text',
      [params.ev ?? null, JSON.stringify(params), userAgent ?? null],
    );
    return rows[0]?.id ?? '';
  }

  /** The newest `limit` records; with `eventIds`, only those whose pixel request carried one of them (`eid`). */
  async latest(limit: number, eventIds?: readonly string[]): Promise<TrackingEventRow[]> {
    return (
      await this.db.query<TrackingEventRow>(
        "select id::text, event_name, params, user_agent, received_at from sherlock.tracking_events t where $2::text[] is null or params->>'eid' = any($2) order by t.id desc limit $1",
        [limit, eventIds ?? null],
      )
    ).rows;
  }
}
