-- One Stripe customer per user. The payment functions write it with the service role right after
-- creating the customer; the user may read their own row, never write it (a user who could point the
-- row at another customer could act on that customer's subscriptions).
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);

alter table public.stripe_customers enable row level security;

revoke all on public.stripe_customers from anon, authenticated;
grant select on public.stripe_customers to authenticated;

create policy "Users read their own Stripe customer"
  on public.stripe_customers for select to authenticated
  using ((select auth.uid()) = user_id);

-- Stripe webhook events already handled (stripe-webhook), so a redelivered event changes nothing.
-- Only the service role reaches it: RLS on, no policy, no grants to the API roles.
create table public.stripe_webhook_events (
  id text primary key,
  type text not null,
  handled_at timestamptz not null default now()
);

alter table public.stripe_webhook_events enable row level security;

revoke all on public.stripe_webhook_events from anon, authenticated;
