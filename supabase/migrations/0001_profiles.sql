-- One onboarding profile per user, written by the funnel after sign-up (spec: profile record).
create table public.profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  age_in_years integer,
  achieve_results text,
  primary_nutrition_goal text,
  activity_level text,
  height_in_cm numeric,
  is_female boolean,
  is_using_metric boolean,
  weight_in_kg numeric,
  goal_weight_in_kg numeric,
  created_at timestamptz not null default now()
);

alter table public.profiles enable row level security;

create policy "Users insert their own profile"
  on public.profiles for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users read their own profile"
  on public.profiles for select to authenticated
  using ((select auth.uid()) = user_id);
