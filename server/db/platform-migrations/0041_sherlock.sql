-- The product API's tracking-events sink (POST /api/v1/sherlock/tracking_events.json, server/api/sherlock/):
-- the query parameters of the pixel's CompleteRegistration, InitiateCheckout and Purchase requests.
-- Server-only, like the emulators' schemas.
create schema if not exists sherlock;

create table sherlock.tracking_events (
  id bigint generated always as identity primary key,
  -- The pixel request's `ev`, when present.
  event_name text,
  params jsonb not null,
  user_agent text,
  received_at timestamptz not null default now()
);
