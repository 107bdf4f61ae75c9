-- Cancellations asked for on the "cancel contracts here" page without signing in (BGB § 312k), one row
-- per accepted request, whether or not the e-mail address has an account: cancel-contract-without-sign-in
-- counts the last hour's rows per address and per client to refuse floods (429), as the auth
-- endpoints do. Only the service role reaches it.
create table public.contract_cancellation_requests (
  id bigint generated always as identity primary key,
  email text not null,
  client text,
  requested_at timestamptz not null default now()
);

create index contract_cancellation_requests_email on public.contract_cancellation_requests (email, requested_at);
create index contract_cancellation_requests_client on public.contract_cancellation_requests (client, requested_at);

alter table public.contract_cancellation_requests enable row level security;
revoke all on public.contract_cancellation_requests from anon, authenticated;
