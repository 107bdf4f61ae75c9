-- Once-only marks for the ad platform's conversions that more than one tab or device can reach.
-- CompleteRegistration is sent by whichever page completes the sign-up first: the sign-up tab
-- ("I've confirmed") or the page the confirmation link opens (/sign-up/confirm), in this browser or
-- another. The browser inserts the mark before it tracks; the primary key lets exactly one insert
-- succeed, and the others (23505, answered 409 by PostgREST) track nothing.
create table public.conversion_marks (
  user_id uuid not null references auth.users (id) on delete cascade,
  event_name text not null check (event_name in ('CompleteRegistration')),
  marked_at timestamptz not null default now(),
  primary key (user_id, event_name)
);

alter table public.conversion_marks enable row level security;

revoke all on public.conversion_marks from anon, authenticated;
grant select, insert (user_id, event_name) on public.conversion_marks to authenticated;

create policy "Users mark their own conversions"
  on public.conversion_marks for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users read their own conversion marks"
  on public.conversion_marks for select to authenticated
  using ((select auth.uid()) = user_id);
