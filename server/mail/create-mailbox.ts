import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';

export interface MailAddress {
  readonly name: string;
  readonly address: string;
}

/** What a sender hands the mailbox: one e-mail with a plain-text and an HTML body. */
export interface OutgoingMail {
  readonly from?: MailAddress;
  readonly to: readonly MailAddress[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface StoredMail {
  readonly id: string;
  readonly messageId: string;
  readonly from: MailAddress;
  readonly to: readonly MailAddress[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly read: boolean;
  readonly createdAt: Date;
}

export interface MailListOptions {
  /** Only messages with one of these recipients (case-insensitive). */
  readonly to?: string;
  readonly limit?: number;
  readonly start?: number;
}

export interface Mailbox {
  send(mail: OutgoingMail): Promise<StoredMail>;
  /** Newest first. */
  list(options?: MailListOptions): Promise<{ readonly total: number; readonly messages: readonly StoredMail[] }>;
  get(id: string): Promise<StoredMail | undefined>;
  markRead(id: string): Promise<void>;
  /** Deletes the given messages, or every message when no ids are given. */
  delete(ids?: readonly string[]): Promise<void>;
}

export const LOCAL_MAIL_SENDER: MailAddress = { name: 'Local Supabase Auth', address: 'noreply@localhost' };

interface MailRow {
  id: string;
  message_id: string;
  from_name: string;
  from_address: string;
  to_addresses: MailAddress[];
  subject: string;
  text_body: string;
  html_body: string;
  is_read: boolean;
  created_at: Date;
}

const columns =
  'id, message_id, from_name, from_address, to_addresses, subject, text_body, html_body, is_read, created_at';

/**
 * The local stack's outbox and inbox in one: e-mails are stored in the database
 * (`local_stack.mail_messages`, migration 0011) rather than delivered, so they survive a restart and
 * are readable through the Mailpit-compatible API and the `/_dev/mail` page.
 */
export function createMailbox(db: Queryable): Mailbox {
  return {
    async send(mail) {
      const id = randomBytes(11).toString('base64url');
      const from = mail.from ?? LOCAL_MAIL_SENDER;
      const result = await db.query<MailRow>(
        `insert into local_stack.mail_messages
           (id, message_id, from_name, from_address, to_addresses, subject, text_body, html_body, created_at)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)
         returning ${columns}`,
        [
          id,
          `${id}@localhost`,
          from.name,
          from.address,
          // Addresses are stored lower-cased so the recipient filter in list() is case-insensitive.
          JSON.stringify(mail.to.map((to) => ({ name: to.name, address: to.address.toLowerCase() }))),
          mail.subject,
          mail.text,
          mail.html,
          new Date(),
        ],
      );
      return toStoredMail(firstRow(result.rows));
    },

    async list(options = {}) {
      const to = options.to?.toLowerCase();
      // The recipient filter matches inside the jsonb array, so it stays one indexed-order query.
      const where = to === undefined ? '' : `where to_addresses @> $1::jsonb`;
      const params: unknown[] = to === undefined ? [] : [JSON.stringify([{ address: to }])];
      const count = await db.query<{ total: number }>(
        `select count(*)::int as total from local_stack.mail_messages ${where}`,
        params,
      );
      const limit = options.limit ?? 50;
      const start = options.start ?? 0;
      const rows = await db.query<MailRow>(
        `select ${columns} from local_stack.mail_messages ${where}
         order by created_at desc, id desc limit ${limit} offset ${start}`,
        params,
      );
      return { total: count.rows[0]?.total ?? 0, messages: rows.rows.map(toStoredMail) };
    },

    async get(id) {
      const result = await db.query<MailRow>(`select ${columns} from local_stack.mail_messages where id = $1`, [id]);
      const row = result.rows[0];
      return row === undefined ? undefined : toStoredMail(row);
    },

    async markRead(id) {
      await db.query('update local_stack.mail_messages set is_read = true where id = $1', [id]);
    },

    async delete(ids) {
      if (ids === undefined) {
        await db.query('delete from local_stack.mail_messages');
        return;
      }
      await db.query('delete from local_stack.mail_messages where id = any($1::text[])', [[...ids]]);
    },
  };
}

function firstRow(rows: readonly MailRow[]): MailRow {
  const row = rows[0];
  if (row === undefined) throw new Error('insert into local_stack.mail_messages returned no row');
  return row;
}

function toStoredMail(row: MailRow): StoredMail {
  return {
    id: row.id,
    messageId: row.message_id,
    from: { name: row.from_name, address: row.from_address },
    to: row.to_addresses,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    read: row.is_read,
    createdAt: new Date(row.created_at),
  };
}
