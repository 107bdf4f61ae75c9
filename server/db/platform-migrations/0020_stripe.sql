-- The Stripe emulator's data (server/stripe/). Only the server's own connection reads it; no API role
-- has privileges here, and REST never exposes this schema.
create schema if not exists stripe;

-- Every Stripe object as its wire JSON (references as ids), one row each. `seq` orders lists newest
-- first even when several objects share a `created` second (or a test clock's frozen time).
create table stripe.objects (
  id text primary key,
  object text not null,
  seq bigint generated always as identity,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
create index objects_object_seq on stripe.objects (object, seq desc);
create index objects_customer on stripe.objects ((data ->> 'customer')) where data ? 'customer';

-- Stripe keeps the first answer to an idempotent POST (per API key) for at least 24 hours.
create table stripe.idempotency_keys (
  api_key text not null,
  key text not null,
  method text not null,
  path text not null,
  params jsonb not null,
  status integer not null,
  body jsonb not null,
  request_id text not null,
  created_at timestamptz not null default now(),
  primary key (api_key, key)
);

-- One row per event and endpoint: the delivery outbox, so pending deliveries survive a restart.
create table stripe.webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id text not null,
  endpoint_id text not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_due on stripe.webhook_deliveries (next_attempt_at) where status = 'pending';

revoke all on all tables in schema stripe from public, anon, authenticated;
revoke all on schema stripe from public;

-- The catalogue files (by hash) already seeded, so a restart with an unchanged
-- config/stripe-catalogue.yaml does not load the SDK to compare it again.
create table stripe.catalogue_seeds (
  hash text primary key,
  seeded_at timestamptz not null default now()
);
revoke all on stripe.catalogue_seeds from public, anon, authenticated;
