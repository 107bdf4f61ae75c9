-- The local Snowplow collector and Micro (server/snowplow/). Only the server's own connection reads it.
create schema if not exists snowplow;

-- Every event the collector received, good or bad, as Micro serves it (GoodEvent / BadEvent JSON).
-- `seq` keeps arrival order: Micro lists newest first, tests read a funnel walk in order.
create table snowplow.events (
  seq bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  good boolean not null,
  event_type text,
  schema text,
  contexts text[] not null default '{}',
  api_vendor text,
  api_version text,
  payload jsonb not null
);
create index events_good_seq on snowplow.events (good, seq desc);

-- The warehouse's layout (Snowplow's Postgres/Redshift loaders: atomic.events plus one table per
-- self-describing event and entity, joined on root_id = event_id and root_tstamp = collector_tstamp)
-- as views over the good events, so the report's SQL in docs/funnel-report.md runs here unchanged.
create schema if not exists atomic;

create view atomic.events as
select
  e ->> 'event_id' as event_id,
  e ->> 'app_id' as app_id,
  e ->> 'platform' as platform,
  (e ->> 'collector_tstamp')::timestamptz as collector_tstamp,
  (e ->> 'dvce_created_tstamp')::timestamptz as dvce_created_tstamp,
  (e ->> 'derived_tstamp')::timestamptz as derived_tstamp,
  e ->> 'event' as event,
  e ->> 'event_vendor' as event_vendor,
  e ->> 'event_name' as event_name,
  e ->> 'event_format' as event_format,
  e ->> 'event_version' as event_version,
  e ->> 'name_tracker' as name_tracker,
  e ->> 'domain_userid' as domain_userid,
  e ->> 'domain_sessionid' as domain_sessionid,
  (e ->> 'domain_sessionidx')::integer as domain_sessionidx,
  e ->> 'network_userid' as network_userid,
  e ->> 'page_url' as page_url,
  e ->> 'page_urlpath' as page_urlpath,
  e ->> 'page_urlquery' as page_urlquery,
  e ->> 'page_title' as page_title,
  e ->> 'page_referrer' as page_referrer,
  e ->> 'br_lang' as br_lang
from (select payload -> 'event' as e from snowplow.events where good) as good_events;

create view atomic.com_nutritionfunnel_onboarding_event_1 as
select
  'com.nutritionfunnel' as schema_vendor,
  'onboarding_event' as schema_name,
  'jsonschema' as schema_format,
  e ->> 'event_version' as schema_version,
  e ->> 'event_id' as root_id,
  (e ->> 'collector_tstamp')::timestamptz as root_tstamp,
  'events' as ref_root,
  '["events","onboarding_event"]' as ref_tree,
  'events' as ref_parent,
  (u -> 'answers')::text as answers,
  u ->> 'question' as question,
  (u ->> 'step')::integer as step,
  (u ->> 'steps_total')::integer as steps_total,
  u ->> 'url' as url
from (
  select payload -> 'event' as e, payload -> 'event' -> 'unstruct_event_com_nutritionfunnel_onboarding_event_1' as u
  from snowplow.events where good
) as onboarding where u is not null;

create view atomic.com_nutritionfunnel_funnel_context_1 as
select
  'com.nutritionfunnel' as schema_vendor,
  'funnel_context' as schema_name,
  'jsonschema' as schema_format,
  '1-0-0' as schema_version,
  payload -> 'event' ->> 'event_id' as root_id,
  (payload -> 'event' ->> 'collector_tstamp')::timestamptz as root_tstamp,
  'events' as ref_root,
  '["events","funnel_context"]' as ref_tree,
  'events' as ref_parent,
  entity ->> 'language' as language
from snowplow.events
cross join lateral jsonb_array_elements(coalesce(payload -> 'event' -> 'contexts_com_nutritionfunnel_funnel_context_1', '[]'::jsonb)) as entity
where good;
