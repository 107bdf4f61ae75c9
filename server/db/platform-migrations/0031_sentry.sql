-- The local Sentry sink (server/sentry/): every envelope the SDK posted, item by item.
create schema if not exists sentry;

create table sentry.envelope_items (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  project_id text not null,
  envelope_header jsonb not null,
  item_type text not null,
  item_header jsonb not null,
  -- JSON items as JSON; binary ones (attachments, replays) only by size.
  payload jsonb,
  payload_bytes integer not null
);
create index envelope_items_type_seq on sentry.envelope_items (item_type, seq desc);
