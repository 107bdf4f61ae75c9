-- The RevenueCat emulator's data (server/revenuecat/). Only the server's own connection reads it; no API
-- role has privileges here, and REST never exposes this schema.
create table revenuecat.subscribers (
  app_user_id text primary key,
  original_app_user_id text not null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now()
);

create table revenuecat.subscriber_attributes (
  app_user_id text not null references revenuecat.subscribers (app_user_id) on delete cascade,
  key text not null,
  value text,
  updated_at timestamptz not null default now(),
  primary key (app_user_id, key)
);

-- One row per subscriber and product, as RevenueCat's `subscriptions` map is keyed by product id.
create table revenuecat.subscriptions (
  app_user_id text not null references revenuecat.subscribers (app_user_id) on delete cascade,
  product_identifier text not null,
  store text not null check (store in ('app_store', 'mac_app_store', 'play_store', 'stripe', 'promotional')),
  entitlement text not null default 'premium',
  store_transaction_id text,
  purchase_date timestamptz not null,
  original_purchase_date timestamptz not null,
  expires_date timestamptz,
  unsubscribe_detected_at timestamptz,
  billing_issues_detected_at timestamptz,
  refunded_at timestamptz,
  is_sandbox boolean not null default true,
  period_type text not null default 'normal',
  updated_at timestamptz not null default now(),
  primary key (app_user_id, product_identifier)
);

revoke all on all tables in schema revenuecat from public, anon, authenticated;
