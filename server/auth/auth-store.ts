import type { Queryable } from '../db/database';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string;
  confirmation_sent_at: Date | null;
  recovery_token: string;
  recovery_sent_at: Date | null;
  email_change_token_new: string;
  email_change: string;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
  aal: string;
  not_after: Date | null;
  refreshed_at: Date | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  created_at: Date;
  updated_at: Date;
  parent: string | null;
  session_id: string;
}

export interface AmrClaimRow {
  authentication_method: string;
  updated_at: Date;
}

/** The user columns PUT /user, verify and recover may change; anything else is rejected. */
export type UserUpdate = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'encrypted_password'
    | 'email_confirmed_at'
    | 'confirmation_token'
    | 'confirmation_sent_at'
    | 'recovery_token'
    | 'recovery_sent_at'
    | 'email_change_token_new'
    | 'email_change'
    | 'email_change_sent_at'
    | 'last_sign_in_at'
    | 'raw_user_meta_data'
  >
>;

/** Token columns of auth.users that hold the SHA-256 of an e-mailed token. */
export type UserTokenColumn = 'recovery_token' | 'confirmation_token' | 'email_change_token_new';

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change_token_new, email_change, email_change_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, is_anonymous`;

const refreshTokenColumns = 'id::text as id, token, user_id, revoked, created_at, updated_at, parent, session_id';

// Column names are spliced into SQL, so updateUser accepts only these, whatever object it is handed.
const updatableColumns: ReadonlySet<string> = new Set([
  'email',
  'encrypted_password',
  'email_confirmed_at',
  'confirmation_token',
  'confirmation_sent_at',
  'recovery_token',
  'recovery_sent_at',
  'email_change_token_new',
  'email_change',
  'email_change_sent_at',
  'last_sign_in_at',
  'raw_user_meta_data',
]);
const jsonColumns: ReadonlySet<string> = new Set(['raw_user_meta_data']);

/**
 * SQL over GoTrue's tables (migration 0010_auth.sql). Every function takes the Queryable to run on, so
 * a caller composes several into one transaction.
 */
export const authStore = {
  async findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
    const result = await q.query<UserRow>(
      `select ${userColumns} from auth.users where lower(email) = lower($1) and is_sso_user = false`,
      [email],
    );
    return result.rows[0];
  },

  async findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
    const result = await q.query<UserRow>(
      `select ${userColumns} from auth.users where id = $1${forUpdate ? ' for update' : ''}`,
      [id],
    );
    return result.rows[0];
  },

  async findUserByToken(q: Queryable, column: UserTokenColumn, tokenHash: string): Promise<UserRow | undefined> {
    const result = await q.query<UserRow>(
      `select ${userColumns} from auth.users where ${column} = $1 and $1 <> '' for update`,
      [tokenHash],
    );
    return result.rows[0];
  },

  async insertUser(
    q: Queryable,
    user: Pick<
      UserRow,
      | 'id'
      | 'aud'
      | 'role'
      | 'email'
      | 'encrypted_password'
      | 'email_confirmed_at'
      | 'raw_app_meta_data'
      | 'raw_user_meta_data'
      | 'created_at'
    >,
  ): Promise<UserRow> {
    const result = await q.query<UserRow>(
      `insert into auth.users
         (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
          raw_user_meta_data, created_at, updated_at, is_super_admin)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $9, false)
       returning ${userColumns}`,
      [
        user.id,
        user.aud,
        user.role,
        user.email,
        user.encrypted_password,
        user.email_confirmed_at,
        JSON.stringify(user.raw_app_meta_data),
        JSON.stringify(user.raw_user_meta_data),
        user.created_at,
      ],
    );
    return requireRow(result.rows, 'insert into auth.users');
  },

  async updateUser(q: Queryable, id: string, update: UserUpdate, now: Date): Promise<UserRow> {
    // A Partial's keys may be present with the value undefined: those columns are left alone.
    const given: [string, unknown][] = Object.entries(update);
    const entries = given.filter(([, value]) => value !== undefined);
    for (const [column] of entries) {
      if (!updatableColumns.has(column)) throw new Error(`auth.users.${column} is not updatable here`);
    }
    const assignments = entries.map(([column], index) =>
      isJsonColumn(column) ? `${column} = $${index + 3}::jsonb` : `${column} = $${index + 3}`,
    );
    const values = entries.map(([column, value]) => (isJsonColumn(column) ? JSON.stringify(value) : value));
    const result = await q.query<UserRow>(
      `update auth.users set ${[...assignments, 'updated_at = $2'].join(', ')} where id = $1 returning ${userColumns}`,
      [id, now, ...values],
    );
    return requireRow(result.rows, 'update auth.users');
  },

  async insertIdentity(
    q: Queryable,
    identity: Pick<IdentityRow, 'id' | 'provider_id' | 'user_id' | 'identity_data' | 'provider'> & { now: Date },
  ): Promise<void> {
    await q.query(
      `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, $4::jsonb, $5, $6, $6, $6)`,
      [
        identity.id,
        identity.provider_id,
        identity.user_id,
        JSON.stringify(identity.identity_data),
        identity.provider,
        identity.now,
      ],
    );
  },

  async listIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
    const result = await q.query<IdentityRow>(
      `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
      [userId],
    );
    return result.rows;
  },

  async touchIdentity(q: Queryable, userId: string, provider: string, now: Date): Promise<void> {
    await q.query(
      'update auth.identities set last_sign_in_at = $3, updated_at = $3 where user_id = $1 and provider = $2',
      [userId, provider, now],
    );
  },

  /** Merges `data` into the identity's JSON (GoTrue keeps the e-mail identity's `email` current). */
  async mergeIdentityData(
    q: Queryable,
    userId: string,
    provider: string,
    data: Record<string, unknown>,
    now: Date,
  ): Promise<void> {
    await q.query(
      `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = $4
       where user_id = $1 and provider = $2`,
      [userId, provider, JSON.stringify(data), now],
    );
  },

  async insertSession(
    q: Queryable,
    session: { id: string; userId: string; now: Date; userAgent: string | null; ip: string | null },
  ): Promise<void> {
    await q.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, $3, $3, 'aal1', $4, $5)`,
      [session.id, session.userId, session.now, session.userAgent, session.ip],
    );
  },

  async findSession(q: Queryable, id: string, forUpdate = false): Promise<SessionRow | undefined> {
    const result = await q.query<SessionRow>(
      `select id, user_id, created_at, updated_at, aal, not_after, refreshed_at from auth.sessions where id = $1${
        forUpdate ? ' for update' : ''
      }`,
      [id],
    );
    return result.rows[0];
  },

  async markSessionRefreshed(
    q: Queryable,
    id: string,
    info: { now: Date; userAgent: string | null; ip: string | null },
  ): Promise<void> {
    await q.query('update auth.sessions set refreshed_at = $2, updated_at = $2, user_agent = $3, ip = $4 where id = $1', [
      id,
      info.now,
      info.userAgent,
      info.ip,
    ]);
  },

  async deleteSession(q: Queryable, id: string): Promise<void> {
    await q.query('delete from auth.sessions where id = $1', [id]);
  },

  async deleteSessionsOfUser(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
    if (exceptSessionId === undefined) {
      await q.query('delete from auth.sessions where user_id = $1', [userId]);
      return;
    }
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, exceptSessionId]);
  },

  /** GoTrue's AddClaimToSession: one row per method, its time refreshed when the method is used again. */
  async addAmrClaim(q: Queryable, claim: { id: string; sessionId: string; method: string; now: Date }): Promise<void> {
    await q.query(
      `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, $4)
       on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
      [claim.id, claim.sessionId, claim.method, claim.now],
    );
  },

  async listAmrClaims(q: Queryable, sessionId: string): Promise<AmrClaimRow[]> {
    const result = await q.query<AmrClaimRow>(
      `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1
       order by updated_at desc`,
      [sessionId],
    );
    return result.rows;
  },

  async insertRefreshToken(
    q: Queryable,
    token: { token: string; userId: string; sessionId: string; parent: string | null; now: Date },
  ): Promise<void> {
    await q.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4, $5)`,
      [token.token, token.userId, token.now, token.parent, token.sessionId],
    );
  },

  async findRefreshToken(q: Queryable, token: string, forUpdate = false): Promise<RefreshTokenRow | undefined> {
    const result = await q.query<RefreshTokenRow>(
      `select ${refreshTokenColumns} from auth.refresh_tokens where token = $1${forUpdate ? ' for update' : ''}`,
      [token],
    );
    return result.rows[0];
  },

  /** GoTrue's FindCurrentlyActiveRefreshToken: the newest unrevoked token of the session. */
  async findActiveRefreshToken(q: Queryable, sessionId: string): Promise<RefreshTokenRow | undefined> {
    const result = await q.query<RefreshTokenRow>(
      // The table's id, not the text \`id\` of the select list: as text, '99' sorts after '100'.
      `select ${refreshTokenColumns} from auth.refresh_tokens t where session_id = $1 and revoked = false
       order by t.id desc limit 1`,
      [sessionId],
    );
    return result.rows[0];
  },

  async revokeRefreshToken(q: Queryable, token: string, now: Date): Promise<void> {
    await q.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1', [token, now]);
  },
};

/** A PostgreSQL unique_violation (23505), from PGlite or node-postgres alike. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

function isJsonColumn(column: string): boolean {
  return jsonColumns.has(column);
}

function requireRow<Row>(rows: readonly Row[], statement: string): Row {
  const row = rows[0];
  if (row === undefined) throw new Error(`${statement} returned no row`);
  return row;
}
