/** The local stack's Confidence client secret (server/confidence/); client secrets are public by design. */
export const LOCAL_CONFIDENCE_CLIENT_SECRET = 'local-confidence-client';

/** Spec: the flag lookup uses region eu. */
export const CONFIDENCE_REGION = 'eu';

/** Settings of the flag client (Confidence), from the build (Vite's `import.meta.env`). */
export interface FlagSettings {
  readonly clientSecret: string;
  readonly region: typeof CONFIDENCE_REGION;
  /** The resolver's base URL: the calls are `<it>/v1/flags:resolve` and `<it>/v1/flags:apply`. */
  readonly resolverUrl: string;
}

export interface FlagEnv {
  readonly VITE_CONFIDENCE_CLIENT_SECRET?: string | undefined;
  readonly VITE_CONFIDENCE_RESOLVER_URL?: string | undefined;
}

/**
 * The local stack's resolver (`<origin>/confidence`) unless the build names a client secret of its
 * own: then Confidence's resolver in region eu, so going live is the one setting
 * VITE_CONFIDENCE_CLIENT_SECRET. VITE_CONFIDENCE_RESOLVER_URL overrides the URL either way (a proxy,
 * or another stack). The server reads the same function to allow that origin in its CSP.
 */
export function flagSettings(env: FlagEnv, origin: string): FlagSettings {
  const secret = nonEmpty(env.VITE_CONFIDENCE_CLIENT_SECRET);
  const hosted = secret !== undefined && secret !== LOCAL_CONFIDENCE_CLIENT_SECRET;
  const resolverUrl = nonEmpty(env.VITE_CONFIDENCE_RESOLVER_URL) ?? (hosted ? `https://resolver.${CONFIDENCE_REGION}.confidence.dev` : `${origin}/confidence`);
  return { clientSecret: secret ?? LOCAL_CONFIDENCE_CLIENT_SECRET, region: CONFIDENCE_REGION, resolverUrl: resolverUrl.replace(/\/+$/, '') };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
