import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { assignVariant } from '../../engine/assign-variant';
import type { CompiledVariants } from '../../engine/compiled-flow';
// The browser build's default secret is the one this stand-in accepts.
import { LOCAL_CONFIDENCE_CLIENT_SECRET } from '../../services/flags/flag-settings';

/** One exposure, as `flags:apply` reported it. */
export interface AppliedFlag {
  readonly visitorId: string;
  readonly flag: string;
  readonly variant: string;
  readonly applyTime: string;
}

export interface ConfidenceRoutes {
  /** `{baseUrl}/v1/flags:resolve` and `{baseUrl}/v1/flags:apply` (WIRE.md), mounted at the base URL. */
  readonly routes: Hono;
  /** `/_dev/confidence`: GET the exposures received (newest last), DELETE to clear. */
  readonly devRoutes: Hono;
}

// The provider posts a string body without a Content-Type (text/plain), so parse the text as JSON.
const resolveSchema = z.object({
  clientSecret: z.string(),
  evaluationContext: z.record(z.string(), z.unknown()).default({}),
  apply: z.boolean().default(false),
  flags: z.array(z.string()).default([]),
});
const applySchema = z.object({
  clientSecret: z.string(),
  resolve_token: z.string(),
  flags: z.array(z.object({ flag: z.string(), applyTime: z.string() })),
  sendTime: z.string().optional(),
});
const tokenSchema = z.object({ visitorId: z.string(), assigned: z.record(z.string(), z.string()) });

/** The flag's value: one string field naming the variant; the browser reads `cc-feedback-redesign.variant`. */
const FLAG_SCHEMA = { schema: { variant: { stringSchema: {} } } } as const;

/**
 * A Confidence-compatible flag resolver fed from flows/variants.yaml: the visitor (`targeting_key`, or
 * `visitor_id`) lands in a variant by a hash of `<flag>:<visitor id>` weighted by the YAML allocation,
 * as Confidence buckets by the targeting key, so the same visitor always gets the same variant. The
 * resolve token carries the assignment, so `flags:apply` records exposures without server state.
 */
export function createConfidenceRoutes(options: { readonly variants: () => CompiledVariants; readonly clientSecret?: string; readonly now?: () => Date }): ConfidenceRoutes {
  const clientSecret = options.clientSecret ?? LOCAL_CONFIDENCE_CLIENT_SECRET;
  const applied: AppliedFlag[] = [];
  const routes = new Hono();
  // Simple CORS requests from the page; no credentials, so `*` is allowed.
  routes.use('*', cors({ origin: '*', allowMethods: ['POST', 'OPTIONS'], allowHeaders: ['content-type'], maxAge: 86400 }));

  // The path holds a literal colon, which Hono's router would read as a parameter: match it by hand.
  routes.post('/v1/*', async (c) => {
    const action = c.req.path.slice(c.req.path.lastIndexOf('/') + 1);
    const body: unknown = await c.req.text().then((text) => JSON.parse(text) as unknown).catch(() => undefined);
    if (body === undefined) return c.json({ code: 3, message: 'request body is not JSON' }, 400);

    if (action === 'flags:resolve') {
      const parsed = resolveSchema.safeParse(body);
      if (!parsed.success) return c.json({ code: 3, message: parsed.error.issues[0]?.message ?? 'bad request' }, 400);
      if (parsed.data.clientSecret !== clientSecret) return c.json({ code: 16, message: 'client secret not found' }, 401);
      const variants = options.variants();
      const flagName = `flags/${variants.flag}`;
      const wanted = parsed.data.flags;
      if (wanted.length > 0 && !wanted.includes(flagName)) return c.json({ resolvedFlags: [], resolveToken: '' });
      const context = parsed.data.evaluationContext;
      const key = context.targeting_key ?? context.visitor_id;
      const visitorId = typeof key === 'string' && key !== '' ? key : undefined;
      if (visitorId === undefined) {
        // No targeting key: no segment matches, so the client uses its default (baseline).
        return c.json({ resolvedFlags: [{ flag: flagName, variant: '', value: null, flagSchema: FLAG_SCHEMA, reason: 'RESOLVE_REASON_NO_SEGMENT_MATCH' }], resolveToken: encodeToken({ visitorId: '', assigned: {} }) });
      }
      const variant = assignVariant(`${variants.flag}:${visitorId}`, variants.allocation) ?? variants.defaultVariant;
      const resolveToken = encodeToken({ visitorId, assigned: { [flagName]: variant } });
      if (parsed.data.apply) applied.push({ visitorId, flag: variants.flag, variant, applyTime: (options.now?.() ?? new Date()).toISOString() });
      return c.json({
        resolvedFlags: [{ flag: flagName, variant: `${flagName}/variants/${variant}`, value: { variant }, flagSchema: FLAG_SCHEMA, reason: 'RESOLVE_REASON_MATCH' }],
        resolveToken,
      });
    }

    if (action === 'flags:apply') {
      const parsed = applySchema.safeParse(body);
      if (!parsed.success) return c.json({ code: 3, message: parsed.error.issues[0]?.message ?? 'bad request' }, 400);
      if (parsed.data.clientSecret !== clientSecret) return c.json({ code: 16, message: 'client secret not found' }, 401);
      const token = decodeToken(parsed.data.resolve_token);
      if (token === undefined) return c.json({ code: 3, message: 'invalid resolve token' }, 400);
      for (const { flag, applyTime } of parsed.data.flags) {
        const variant = token.assigned[flag];
        if (variant === undefined) return c.json({ code: 3, message: `flag ${flag} was not resolved with this token` }, 400);
        applied.push({ visitorId: token.visitorId, flag: flag.replace(/^flags\//, ''), variant, applyTime });
      }
      return c.json({});
    }
    return c.json({ code: 5, message: `no method ${action}` }, 404);
  });

  const devRoutes = new Hono();
  devRoutes.get('/applied', (c) => c.json(applied));
  devRoutes.delete('/applied', (c) => {
    applied.length = 0;
    return c.body(null, 204);
  });
  return { routes, devRoutes };
}

function encodeToken(token: z.infer<typeof tokenSchema>): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(text: string): z.infer<typeof tokenSchema> | undefined {
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
