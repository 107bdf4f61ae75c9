-- The Meta stand-ins (server/meta/): what the local fbevents.js sent to /meta/tr (the pixel's image
-- requests) and what the Conversions API emulator received. Only the server's own connection reads
-- them; no API role has privileges here, and REST never exposes this schema.
create schema if not exists meta;

create table meta.pixel_events (
  id bigint generated always as identity primary key,
  pixel_id text not null,
  event_name text not null,
  event_id text,
  -- Every /tr query parameter as received (id, ev, dl, ts, cd[...], eid, fbp, fbc, ...).
  params jsonb not null,
  user_agent text,
  received_at timestamptz not null default now()
);

create table meta.server_events (
  id bigint generated always as identity primary key,
  pixel_id text not null,
  event_name text not null,
  event_id text,
  -- One element of the request's `data` array, as received.
  event jsonb not null,
  test_event_code text,
  received_at timestamptz not null default now()
);
