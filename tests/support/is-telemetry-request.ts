/**
 * Requests no step waits for (docs/decisions/0215-bench-ignores-telemetry.md): telemetry, fire and forget (Snowplow's collector
 * posts, Sentry envelopes, the Meta pixel's script and `/tr` hits, from the stand-in's `/meta/...` or
 * Meta's own), and the country lookup that decides consent, made once when telemetry starts after the
 * root spinner, whichever step that falls on. The "nothing but chunks and images between question
 * steps" budget ignores them, in the bench and in the browser walk alike.
 */
export function isTelemetryRequest(path: string): boolean {
  return (
    path === '/com.snowplowanalytics.snowplow/tp2' ||
    /^\/api\/\d+\/envelope\/$/.test(path) ||
    /^(\/meta)?\/tr\/?$/.test(path) ||
    /^\/(meta|en_US)\/fbevents\.js$/.test(path) ||
    path === '/api/v1/geolocation'
  );
}
