-- What happened to each web subscription's money, as Stripe told the stripe-webhook function: created,
-- first payment, renewal, failed payment, refund, cancellation. The experiment report joins it to the
-- exposed visitors (server/experiments/experiment-counts.sql), so a closed tab loses nothing: no row
-- comes from the browser. Written with the service role only; the user may read their own rows.
create table public.payment_events (
  -- The Stripe event id; for a refund the charge id, so a later (partial) refund of the same charge
  -- replaces the row with the charge's new total refunded amount.
  key text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  subscription_id text not null,
  kind text not null check (kind in ('subscription_created', 'first_payment', 'renewal', 'payment_failed', 'refund', 'cancellation')),
  -- In the currency's major units (19.99, not 1999); 0 where no money moves. A refund's amount is positive.
  amount numeric not null default 0,
  -- Lower-case ISO code, as Stripe writes it and as public.fx_rates names its columns.
  currency text,
  occurred_at timestamptz not null
);
create index payment_events_user on public.payment_events (user_id, occurred_at);

alter table public.payment_events enable row level security;
revoke all on public.payment_events from anon, authenticated;
grant select on public.payment_events to authenticated;
create policy "Users read their own payment events"
  on public.payment_events for select to authenticated
  using ((select auth.uid()) = user_id);
