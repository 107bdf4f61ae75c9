-- Outcomes the exposure join cannot see (engine/experiments/exposure-integrity.ts, "unexposed-outcomes"):
-- accounts whose sign-up says the flag assigned the visitor a variant of this experiment
-- (auth.users.raw_user_meta_data: experiment_id, experiment_variant, written by sign-up), created at or
-- after the start, whose visitor has no exposure event for the experiment at all. docs/experiments.md
-- ("Lost exposures"). Parameters: $1 experiment id, $2 its start, $3 paidWithinDays (counted from the
-- sign-up, the first time the stack knows of such a visitor). Postgres; on Redshift dateadd as in the counts.
with assigned as (
  select u.id as user_id, u.created_at, u.raw_user_meta_data ->> 'confidence_visitor_id' as visitor_id
  from auth.users u
  where u.raw_user_meta_data ->> 'experiment_id' = $1 and u.created_at >= $2::timestamptz
),
lost as (
  select a.user_id, a.created_at
  from assigned a
  where not exists (
    select 1
    from atomic.com_nutritionfunnel_experiment_exposure_1 x
    where x.experiment = $1 and x.visitor_id = a.visitor_id
  )
)
select count(*)::integer as signed_up,
       count(*) filter (where exists (
         select 1 from public.payment_events p
         where p.user_id = l.user_id and p.kind in ('first_payment', 'renewal')
           and p.occurred_at >= date_trunc('second', l.created_at)
           and p.occurred_at < date_trunc('second', l.created_at) + make_interval(days => $3::integer)
       ))::integer as paid
from lost l;
