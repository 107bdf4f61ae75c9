-- The consumer's express request to start the service at once and acknowledgement that the right of
-- withdrawal then ends (Directive 2011/83/EU art. 16(m); config/consumer-rules.yaml), one row per
-- subscription, written by record-checkout-consent with the service role after it checked that the
-- subscription is the caller's. The first record stays: a retried Pay cannot rewrite when or in which
-- words the visitor agreed. `given` is false where the visitor's country asks for no consent.
create table public.checkout_consents (
  subscription_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  given boolean not null,
  wording_version integer not null,
  language text not null,
  country text,
  consented_at timestamptz not null default now()
);

alter table public.checkout_consents enable row level security;

revoke all on public.checkout_consents from anon, authenticated;
grant select on public.checkout_consents to authenticated;

create policy "Users read their own consents"
  on public.checkout_consents for select to authenticated
  using ((select auth.uid()) = user_id);
