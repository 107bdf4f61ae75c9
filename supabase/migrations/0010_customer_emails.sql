-- The e-mails a customer keeps (receipt, cancellation, refund, withdrawal), one row per e-mail key: the
-- functions insert the row before sending, so a redelivered webhook or a double submit sends nothing a
-- second time (supabase/functions/_shared/customer-mail.ts). Only the service role reaches it.
create table public.customer_emails (
  key text primary key,
  user_id uuid references auth.users (id) on delete cascade,
  kind text not null check (kind in ('receipt', 'cancellation', 'refund', 'withdrawal')),
  sent_at timestamptz not null default now()
);

alter table public.customer_emails enable row level security;
revoke all on public.customer_emails from anon, authenticated;

-- Withdrawals from a contract (EU Directive 2023/2673, art. 11a): when the trader received each one,
-- kept so a repeated request confirms the first receipt's date and time, never a later one.
create table public.contract_withdrawals (
  subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  received_at timestamptz not null default now()
);

alter table public.contract_withdrawals enable row level security;
revoke all on public.contract_withdrawals from anon, authenticated;
grant select on public.contract_withdrawals to authenticated;
create policy "Users read their own withdrawals"
  on public.contract_withdrawals for select to authenticated
  using ((select auth.uid()) = user_id);
