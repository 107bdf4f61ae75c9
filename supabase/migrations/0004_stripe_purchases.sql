-- The checkout's once-only marks, written by the payment functions with the service role after they
-- checked that the subscription is the caller's and paid. The user may read their own rows.

-- "Mark the subscription as purchased" (spec): the first mark is what lets the completion page register
-- the purchase (pixel and server event) exactly once, however often the page is reloaded.
create table public.stripe_purchases (
  subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  payment_intent_id text,
  purchased_at timestamptz not null default now()
);

alter table public.stripe_purchases enable row level security;

revoke all on public.stripe_purchases from anon, authenticated;
grant select on public.stripe_purchases to authenticated;

create policy "Users read their own purchases"
  on public.stripe_purchases for select to authenticated
  using ((select auth.uid()) = user_id);

-- Subscriptions whose receipt RevenueCat has accepted (from the completion page or the webhook's
-- invoice.paid), so a reloaded completion page posts no second receipt.
create table public.revenuecat_receipts (
  subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  recorded_at timestamptz not null default now()
);

alter table public.revenuecat_receipts enable row level security;

revoke all on public.revenuecat_receipts from anon, authenticated;
grant select on public.revenuecat_receipts to authenticated;

create policy "Users read their own receipts"
  on public.revenuecat_receipts for select to authenticated
  using ((select auth.uid()) = user_id);
