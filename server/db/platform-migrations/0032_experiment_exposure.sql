-- The experiment_exposure event in the warehouse's layout (see 0030_snowplow.sql), so the experiment
-- report's SQL (server/experiments/experiment-counts.sql) runs here as in a Snowplow warehouse.
create view atomic.com_nutritionfunnel_experiment_exposure_1 as
select
  'com.nutritionfunnel' as schema_vendor,
  'experiment_exposure' as schema_name,
  'jsonschema' as schema_format,
  e ->> 'event_version' as schema_version,
  e ->> 'event_id' as root_id,
  (e ->> 'collector_tstamp')::timestamptz as root_tstamp,
  'events' as ref_root,
  '["events","experiment_exposure"]' as ref_tree,
  'events' as ref_parent,
  u ->> 'experiment' as experiment,
  u ->> 'variant' as variant,
  u ->> 'visitor_id' as visitor_id
from (
  select payload -> 'event' as e, payload -> 'event' -> 'unstruct_event_com_nutritionfunnel_experiment_exposure_1' as u
  from snowplow.events where good
) as exposures where u is not null;
