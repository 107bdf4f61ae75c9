// How the report's CLI and page write a metric's name and values (rates in percent, revenue in the
// reporting currency).

const names: Readonly<Record<string, string>> = {
  'paid-conversion': 'paid conversion',
  'net-revenue-per-visitor': 'net revenue per visitor',
  'refund-rate': 'refund rate',
  'payment-failure-rate': 'payment failure rate',
  'sign-up-rate': 'sign-up rate',
};

/** `paid-conversion` -> `paid conversion`. */
export function metricName(metric: string): string {
  return names[metric] ?? metric;
}

/** A rate in percent with one decimal, revenue with two decimals (in the reporting currency). */
export function formatMetric(metric: string, value: number | null): string {
  if (value === null) return '-';
  return metric === 'net-revenue-per-visitor' ? value.toFixed(2) : `${(value * 100).toFixed(1)} %`;
}

/** A difference: rates in percentage points (`+1.2 pt`), revenue in the reporting currency (`+0.25`). */
export function formatDifference(metric: string, value: number | null): string {
  if (value === null) return '-';
  const sign = value > 0 ? '+' : '';
  return metric === 'net-revenue-per-visitor' ? `${sign}${value.toFixed(2)}` : `${sign}${(value * 100).toFixed(1)} pt`;
}
