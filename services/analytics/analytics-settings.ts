/** Snowplow tracker settings from the build (Vite's `import.meta.env`). */
export interface AnalyticsSettings {
  /** Collector base URL; the tracker posts to `<it>/com.snowplowanalytics.snowplow/tp2`. */
  readonly collectorUrl: string;
  readonly appId: string;
}

export interface AnalyticsEnv {
  readonly VITE_SNOWPLOW_COLLECTOR_URL?: string | undefined;
  readonly VITE_SNOWPLOW_APP_ID?: string | undefined;
}

/** The team's collector when the build names one, else the local stack that serves the page (its collector). */
export function analyticsSettings(env: AnalyticsEnv, origin: string): AnalyticsSettings {
  return {
    collectorUrl: nonEmpty(env.VITE_SNOWPLOW_COLLECTOR_URL) ?? origin,
    appId: nonEmpty(env.VITE_SNOWPLOW_APP_ID) ?? 'nutrition-funnel-web',
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
