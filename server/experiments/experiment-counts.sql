-- The experiment report's counts per variant (engine/experiments/experiment-counts.ts), from Snowplow's
-- atomic tables and the app's tables loaded beside them: auth.users (id, raw_user_meta_data),
-- public.payment_events and public.fx_rates. docs/experiments.md ("The SQL") explains each count.
-- Parameters: $1 experiment id, $2 its start (timestamptz), $3 paidWithinDays, $4 reporting currency
-- (lower case: a column of fx_rates). Postgres / Redshift.
with exposures as (
  -- Each visitor once, in the variant of their first exposure since the start. The device's time, but
  -- never later than the collector's: a clock running fast must not push payments out of the window.
  select visitor_id, variant, exposed_at
  from (
    select x.visitor_id, x.variant, least(e.derived_tstamp, e.collector_tstamp) as exposed_at,
           row_number() over (partition by x.visitor_id order by least(e.derived_tstamp, e.collector_tstamp), e.event_id) as n
    from atomic.events e
    join atomic.com_nutritionfunnel_experiment_exposure_1 x on x.root_id = e.event_id and x.root_tstamp = e.collector_tstamp
    where x.experiment = $1
  ) as ranked
  where n = 1 and exposed_at >= $2::timestamptz
),
accounts as (
  -- Sign-up stores the visitor id in the user's metadata (confidence_visitor_id).
  select x.visitor_id, u.id as user_id
  from exposures x
  join auth.users u on u.raw_user_meta_data ->> 'confidence_visitor_id' = x.visitor_id
),
rate as (
  select to_jsonb(f) as fx from public.fx_rates f order by f.created_at desc, f.id desc limit 1
),
money as (
  -- Every payment event of the visitor's accounts after the exposure, in the reporting currency
  -- (fx_rates: 1 EUR = <column> units). Stripe's times are whole seconds: the exposure's is cut to its second.
  select x.visitor_id, p.kind, p.occurred_at,
         p.amount / (r.fx ->> p.currency)::numeric * (r.fx ->> $4::text)::numeric as amount,
         p.occurred_at < date_trunc('second', x.exposed_at) + make_interval(days => $3::integer) as in_window
  from exposures x
  join accounts a on a.visitor_id = x.visitor_id
  join public.payment_events p on p.user_id = a.user_id and p.occurred_at >= date_trunc('second', x.exposed_at)
  cross join rate r
),
visitors as (
  select x.variant, x.visitor_id,
         exists (select 1 from accounts a where a.visitor_id = x.visitor_id) as signed_up,
         (select min(m.occurred_at) from money m where m.visitor_id = x.visitor_id and m.in_window and m.kind in ('first_payment', 'renewal')) as paid_at,
         exists (select 1 from money m where m.visitor_id = x.visitor_id and m.in_window and m.kind in ('first_payment', 'renewal', 'payment_failed')) as attempted,
         exists (select 1 from money m where m.visitor_id = x.visitor_id and m.in_window and m.kind = 'payment_failed') as failed,
         coalesce((select sum(case when m.kind = 'refund' then -m.amount else m.amount end) from money m
                   where m.visitor_id = x.visitor_id and m.in_window and m.kind in ('first_payment', 'renewal', 'refund')), 0) as revenue
  from exposures x
)
select v.variant,
       count(*)::integer as exposed,
       count(*) filter (where v.signed_up)::integer as signed_up,
       count(v.paid_at)::integer as paid,
       count(*) filter (where v.paid_at is not null and exists (
         select 1 from money m where m.visitor_id = v.visitor_id and m.kind = 'refund' and m.occurred_at < v.paid_at + interval '14 days'
       ))::integer as refunded,
       count(*) filter (where v.attempted)::integer as payment_attempted,
       count(*) filter (where v.failed)::integer as payment_failed,
       coalesce(sum(v.revenue), 0)::float8 as revenue_sum,
       coalesce(sum(v.revenue * v.revenue), 0)::float8 as revenue_sum_of_squares
from visitors v
group by v.variant
order by v.variant;
