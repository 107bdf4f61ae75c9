import type { Queryable } from '../db/database';

export interface PixelEventRow {
  readonly id: string;
  readonly pixel_id: string;
  readonly event_name: string;
  readonly event_id: string | null;
  readonly params: Record<string, string>;
  readonly user_agent: string | null;
  readonly received_at: Date;
}

export interface ServerEventRow {
  readonly id: string;
  readonly pixel_id: string;
  readonly event_name: string;
  readonly event_id: string | null;
  readonly event: Record<string, unknown>;
  readonly test_event_code: string | null;
  readonly received_at: Date;
}

/** What the Meta stand-ins received (schema `meta`, server/db/platform-migrations/0040_meta.sql). */
export class MetaStore {
  constructor(private readonly db: Queryable) {}

  async recordPixelEvent(params: Readonly<Record<string, string>>, userAgent: string | undefined): Promise<void> {
    await this.db.query('insert into meta.pixel_events (pixel_id, event_name, event_id, params, user_agent) values ($1, $2, $3, $4, $5)', [
      params.id ?? '',
      params.ev ?? '',
      params.eid ?? null,
      JSON.stringify(params),
      userAgent ?? null,
    ]);
  }

  async recordServerEvents(pixelId: string, events: readonly Readonly<Record<string, unknown>>[], testEventCode: string | undefined): Promise<void> {
    for (const event of events) {
      await this.db.query('insert into meta.server_events (pixel_id, event_name, event_id, event, test_event_code) values ($1, $2, $3, $4, $5)', [
        pixelId,
        typeof event.event_name === 'string' ? event.event_name : '',
        typeof event.event_id === 'string' ? event.event_id : null,
        JSON.stringify(event),
        testEventCode ?? null,
      ]);
    }
  }

  /** The newest `limit` requests; with `eventIds`, only those events' (all of them, however old). */
  async pixelEvents(limit: number, eventIds?: readonly string[]): Promise<PixelEventRow[]> {
    return (
      await this.db.query<PixelEventRow>(
        'select id::text, pixel_id, event_name, event_id, params, user_agent, received_at from meta.pixel_events e where $2::text[] is null or event_id = any($2) order by e.id desc limit $1',
        [limit, eventIds ?? null],
      )
    ).rows;
  }

  /** The newest `limit` events; with `eventIds`, only those events'. */
  async serverEvents(limit: number, eventIds?: readonly string[]): Promise<ServerEventRow[]> {
    return (
      await this.db.query<ServerEventRow>(
        'select id::text, pixel_id, event_name, event_id, event, test_event_code, received_at from meta.server_events e where $2::text[] is null or event_id = any($2) order by e.id desc limit $1',
        [limit, eventIds ?? null],
      )
    ).rows;
  }
}
