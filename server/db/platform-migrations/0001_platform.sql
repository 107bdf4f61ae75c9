-- What a Supabase project provides before the project's own migrations run: the API roles, the auth
-- and revenuecat schemas, the JWT helper functions RLS policies call, and Supabase's default grants.
-- Roles are cluster-wide, so creating them tolerates a PostgreSQL cluster that already has them.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The server connects as one user and switches per request with `set local role`, as PostgREST's
  -- authenticator does; a superuser may already do so, any other user needs membership.
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

create schema if not exists auth;
create schema if not exists revenuecat;

-- Supabase's definitions (supabase/auth migrations), reading the claims the REST layer sets per request.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select
  nullif(
    coalesce(
      current_setting('request.jwt.claim.sub', true),
      (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')
    ),
    ''
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select
  nullif(
    coalesce(
      current_setting('request.jwt.claim.role', true),
      (current_setting('request.jwt.claims', true)::jsonb ->> 'role')
    ),
    ''
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select
    coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$$;

-- Policies run as the request's role and call the helpers above; auth's tables stay private.
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;

-- Supabase's public-schema defaults: the API roles get table privileges and RLS decides per row.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- RevenueCat emulator data: only the server's own connection uses it, never an API role.
revoke all on schema revenuecat from public;
