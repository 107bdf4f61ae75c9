-- The experiment report's counts per variant (engine/experiments/experiment-counts.ts), from Snowplow's
-- atomic tables and the app's tables loaded beside them: auth.users (id, raw_user_meta_data),
-- public.payment_events and public.fx_rates. docs/experiments.md ("The SQL") explains each count.
-- Parameters: $1 experiment id, $2 its start (timestamptz), $3 paidWithinDays, $4 reporting currency
-- (lower case: a column of fx_rates). Postgres. On Redshift: dateadd(day, $3, ...) for make_interval, and
-- a CASE over fx_rates' currency columns for to_jsonb.
with exposures as (
  -- Each visitor once, in the variant of their first exposure, counted when at or after the start. The
  -- device's time, but never later than the collector's: a fast clock must not push payments out of the window.
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
per_visitor as (
  -- One row per visitor with money: the first payment in the window, tries, failures and net revenue.
  select visitor_id,
         min(case when in_window and kind in ('first_payment', 'renewal') then occurred_at end) as paid_at,
         bool_or(in_window and kind in ('first_payment', 'renewal', 'payment_failed')) as attempted,
         bool_or(in_window and kind = 'payment_failed') as failed,
         sum(case when not in_window then 0 when kind = 'refund' then -amount when kind in ('first_payment', 'renewal') then amount else 0 end) as revenue
  from money
  group by visitor_id
),
refunded as (
  -- Payers refunded within 14 days of their first payment in the window.
  select p.visitor_id
  from per_visitor p
  join money m on m.visitor_id = p.visitor_id and m.kind = 'refund' and m.occurred_at >= p.paid_at and m.occurred_at < p.paid_at + interval '14 days'
  group by p.visitor_id
),
visitors as (
  select x.variant,
         s.visitor_id is not null as signed_up,
         p.paid_at is not null as paid,
         r.visitor_id is not null as refunded,
         coalesce(p.attempted, false) as attempted,
         coalesce(p.failed, false) as failed,
         coalesce(p.revenue, 0) as revenue
  from exposures x
  left join (select distinct visitor_id from accounts) s on s.visitor_id = x.visitor_id
  left join per_visitor p on p.visitor_id = x.visitor_id
  left join refunded r on r.visitor_id = x.visitor_id
)
select variant,
       count(*)::integer as exposed,
       sum(case when signed_up then 1 else 0 end)::integer as signed_up,
       sum(case when paid then 1 else 0 end)::integer as paid,
       sum(case when refunded then 1 else 0 end)::integer as refunded,
       sum(case when attempted then 1 else 0 end)::integer as payment_attempted,
       sum(case when failed then 1 else 0 end)::integer as payment_failed,
       sum(revenue)::float8 as revenue_sum,
       sum(revenue * revenue)::float8 as revenue_sum_of_squares
from visitors
group by variant
order by variant;
