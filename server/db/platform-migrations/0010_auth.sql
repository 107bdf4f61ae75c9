-- Supabase Auth's (GoTrue's) tables, with GoTrue's own column names so that `references auth.users(id)`
-- in the project's migrations, SQL written for a Supabase project and database tools all work here.
-- Only the columns the local auth service uses or a tool commonly reads are kept. Nothing here is granted
-- to an API role: only the server's own connection reads or writes auth data.

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  -- Stored lower-cased, as GoTrue does; the unique index below makes the rule hold for any writer.
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  -- Token columns hold a SHA-256 of the token sent by e-mail, never the token itself.
  confirmation_token varchar(255) not null default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) not null default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) not null default '',
  email_change varchar(255) not null default '',
  email_change_sent_at timestamptz,
  email_change_token_current varchar(255) not null default '',
  email_change_confirm_status smallint not null default 0,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text not null default '',
  phone_change_token varchar(255) not null default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  reauthentication_token varchar(255) not null default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

create unique index users_email_lower_key on auth.users (lower(email)) where is_sso_user = false;
create unique index users_phone_key on auth.users (phone);
create index users_instance_id_idx on auth.users (instance_id);

create table auth.identities (
  id uuid primary key,
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create index identities_user_id_idx on auth.identities (user_id);

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz,
  refreshed_at timestamptz,
  user_agent text,
  ip text,
  tag text
);

create index sessions_user_id_idx on auth.sessions (user_id);

-- The authentication methods behind a session, which become the access token's `amr` claim.
create table auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

-- One row per refresh token. `parent` links each rotated token to the one it replaced, so a session's
-- rows form the token family that reuse of an old token revokes.
create table auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id varchar(255) not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid not null references auth.sessions (id) on delete cascade
);

create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- The schema is usable by the API roles (auth.uid() and friends live here), its tables are not.
revoke all on all tables in schema auth from public, anon, authenticated, service_role;
revoke all on all sequences in schema auth from public, anon, authenticated, service_role;
