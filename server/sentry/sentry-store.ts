import type { Queryable } from '../db/database';
import type { Envelope } from './parse-envelope';

/** One stored envelope item, newest first in lists. */
export interface StoredSentryItem {
  readonly seq: number;
  readonly receivedAt: string;
  readonly projectId: string;
  readonly envelopeHeader: Readonly<Record<string, unknown>>;
  readonly type: string;
  readonly itemHeader: Readonly<Record<string, unknown>>;
  readonly payload: unknown;
  readonly bytes: number;
}

export interface SentryStore {
  add(projectId: string, envelope: Envelope): Promise<void>;
  /** Items of one type (e.g. `event`, `session`) or all, newest first. */
  list(options?: { readonly type?: string; readonly limit?: number }): Promise<StoredSentryItem[]>;
  clear(): Promise<void>;
}

interface ItemRow {
  seq: string | number;
  received_at: Date;
  project_id: string;
  envelope_header: Record<string, unknown>;
  item_type: string;
  item_header: Record<string, unknown>;
  payload: unknown;
  payload_bytes: number;
}

/** The sink's envelopes in Postgres (schema `sentry`), kept across restarts like the other emulators' data. */
export function createSentryStore(db: Queryable): SentryStore {
  return {
    async add(projectId, envelope) {
      for (const item of envelope.items) {
        await db.query(
          'insert into sentry.envelope_items (project_id, envelope_header, item_type, item_header, payload, payload_bytes) values ($1, $2, $3, $4, $5, $6)',
          [projectId, JSON.stringify(envelope.header), item.header.type, JSON.stringify(item.header), item.json ? JSON.stringify(item.payload) : null, item.bytes],
        );
      }
    },
    async list(options = {}) {
      const { rows } = await db.query<ItemRow>(
        'select * from sentry.envelope_items where ($1::text is null or item_type = $1) order by seq desc limit $2',
        [options.type ?? null, options.limit ?? 200],
      );
      return rows.map((row) => ({
        seq: Number(row.seq),
        receivedAt: new Date(row.received_at).toISOString(),
        projectId: row.project_id,
        envelopeHeader: row.envelope_header,
        type: row.item_type,
        itemHeader: row.item_header,
        payload: row.payload,
        bytes: row.payload_bytes,
      }));
    },
    async clear() {
      await db.query('delete from sentry.envelope_items');
    },
  };
}
