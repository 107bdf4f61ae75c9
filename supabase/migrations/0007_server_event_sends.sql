-- The server-side conversion events track-event forwarded to Meta's Conversions API, one row per event
-- id: the function inserts the row before sending, so a repeated or concurrent call with the same id
-- (two tabs, a reload of the completion page, a script) sends nothing a second time. Only the service
-- role reaches it.
create table public.server_event_sends (
  event_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  event_name text not null,
  sent_at timestamptz not null default now()
);

alter table public.server_event_sends enable row level security;

revoke all on public.server_event_sends from anon, authenticated;
