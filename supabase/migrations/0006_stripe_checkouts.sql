-- The web checkouts of each user, as a chain: every subscription create-stripe-subscription hands out
-- names the checkout it replaces. The constraints make "at most one open web subscription per user"
-- hold under concurrent requests (two tabs, a double submit): only one row per user replaces nothing,
-- and only one row can replace a given checkout, so two creates that saw the same open checkout cannot
-- both record theirs; the loser cancels its subscription. The open checkout is the chain's head (the
-- row nothing replaces). Written with the service role only; the user may read their own rows.
create table public.stripe_checkouts (
  subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The checkout this one replaced; null for the user's first.
  replaces text,
  -- The replaced checkout was still unpaid: a payment of it that lands later is a second payment and is
  -- refunded. False when it had ended (canceled or expired after its paid period).
  replaced_unpaid boolean not null default false,
  created_at timestamptz not null default now(),
  unique (user_id, subscription_id),
  unique nulls not distinct (user_id, replaces),
  foreign key (user_id, replaces) references public.stripe_checkouts (user_id, subscription_id)
);

alter table public.stripe_checkouts enable row level security;

revoke all on public.stripe_checkouts from anon, authenticated;
grant select on public.stripe_checkouts to authenticated;

create policy "Users read their own checkouts"
  on public.stripe_checkouts for select to authenticated
  using ((select auth.uid()) = user_id);
