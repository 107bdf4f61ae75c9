-- Exchange rates against EUR (1 EUR = <column> units); the app reads the latest row.
create table public.fx_rates (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  eur numeric not null default 1,
  usd numeric, gbp numeric, chf numeric, sek numeric, nok numeric, dkk numeric, isk numeric,
  pln numeric, czk numeric, huf numeric, ron numeric, bgn numeric, "try" numeric, uah numeric,
  jpy numeric, krw numeric, cny numeric, hkd numeric, sgd numeric, twd numeric, thb numeric,
  idr numeric, myr numeric, php numeric, inr numeric, aud numeric, nzd numeric, cad numeric,
  brl numeric, mxn numeric, ars numeric, clp numeric, cop numeric, zar numeric, ils numeric,
  aed numeric, sar numeric
);

alter table public.fx_rates enable row level security;

create policy "Exchange rates are public"
  on public.fx_rates for select to anon, authenticated
  using (true);

-- Plausible mid-market rates; a deployment refreshes them with newer rows.
insert into public.fx_rates (
  eur, usd, gbp, chf, sek, nok, dkk, isk, pln, czk, huf, ron, bgn, "try", uah, jpy, krw, cny, hkd, sgd,
  twd, thb, idr, myr, php, inr, aud, nzd, cad, brl, mxn, ars, clp, cop, zar, ils, aed, sar
) values (
  1, 1.0850, 0.8450, 0.9450, 11.4500, 11.6500, 7.4600, 149.5000, 4.2900, 25.1500, 395.0000, 4.9750,
  1.9558, 37.2000, 44.8000, 163.5000, 1490.0000, 7.8500, 8.4700, 1.4600, 35.1000, 38.2000,
  17550.0000, 4.8500, 62.7000, 91.2000, 1.6500, 1.8100, 1.4900, 6.1000, 20.3000, 1050.0000,
  1020.0000, 4400.0000, 19.9000, 4.0200, 3.9800, 4.0700
);
