/**
 * Fire-and-forget telemetry requests, which no step waits for (docs/decisions.md): Snowplow's collector
 * posts, Sentry envelopes and the Meta pixel's `/tr` hits (the stand-in's `/meta/tr` or Meta's own).
 * The "nothing but chunks and images between question steps" budget ignores them, in the bench and in
 * the browser walk alike.
 */
export function isTelemetryRequest(path: string): boolean {
  return path === '/com.snowplowanalytics.snowplow/tp2' || /^\/api\/\d+\/envelope\/$/.test(path) || /^(\/meta)?\/tr\/?$/.test(path);
}
