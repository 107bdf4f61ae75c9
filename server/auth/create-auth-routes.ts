import { Hono } from 'hono';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database';
import type { Mailbox } from '../mail/create-mailbox';
import type { AuthConfig, AuthContext, RateLimitBucket } from './auth-context';
import { AuthError, authErrorResponse } from './auth-error';
import { handleEnrollFactor, handleFactorNotFound, handleManualLinkingDisabled, handleSamlDisabled } from './handle-disabled-features';
import { handleLogout } from './handle-logout';
import { handleRecover } from './handle-recover';
import { handleSignup } from './handle-signup';
import { handleToken } from './handle-token';
import { handleGetUser, handleUpdateUser } from './handle-user';
import { handleVerifyGet, handleVerifyPost } from './handle-verify';
import { createRateLimiter } from './rate-limiter';
import type { RateLimit } from './rate-limiter';
import { requestInfo } from './request-info';

export interface AuthRoutesDeps {
  readonly db: Database;
  readonly config: AuthConfig;
  readonly mailbox: Pick<Mailbox, 'send'>;
  /** Per client IP and endpoint; defaults in DEFAULT_RATE_LIMITS (WIRE.md). */
  readonly rateLimits?: Partial<Readonly<Record<RateLimitBucket, RateLimit>>>;
  /** One recovery / confirmation / e-mail-change mail per user per interval (GoTrue: 60 s). */
  readonly emailSendIntervalSeconds?: number;
  /** How long a just-rotated refresh token may still be used (GoTrue: 10 s). */
  readonly refreshTokenReuseIntervalSeconds?: number;
  /** How long an e-mailed link stays valid (GoTrue's hosted default: 1 h). */
  readonly emailLinkTtlSeconds?: number;
  /** A header from a trusted proxy naming the client IP (e.g. x-forwarded-for); else the socket address. */
  readonly ipHeader?: string;
  /** Origins besides the site's own that redirect_to may point at. */
  readonly allowedRedirectOrigins?: readonly string[];
  /** Request bodies above this are 413 (default 1 MiB). */
  readonly maxBodyBytes?: number;
  readonly now?: () => Date;
}

const FIVE_MINUTES = 300;

export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitBucket, RateLimit>> = {
  token: { max: 150, windowSeconds: FIVE_MINUTES },
  signup: { max: 30, windowSeconds: FIVE_MINUTES },
  recover: { max: 30, windowSeconds: FIVE_MINUTES },
  verify: { max: 30, windowSeconds: FIVE_MINUTES },
  user_update: { max: 30, windowSeconds: FIVE_MINUTES },
};

type Handler = (c: Context, ctx: AuthContext) => Promise<Response>;

/**
 * Supabase Auth (GoTrue) as supabase-js calls it, to be mounted at `/auth/v1`: signup, token (password
 * and refresh_token grants), recover, verify, user (GET, PUT), logout, settings and health, with
 * GoTrue's status codes, error codes and messages; SSO, identity linking, MFA, web3, id-token and
 * anonymous sign-ins answer as GoTrue does with those features switched off. Errors are rendered here, so the routes behave the
 * same whatever app mounts them.
 */
export function createAuthRoutes(deps: AuthRoutesDeps): Hono {
  const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
  const ctx: AuthContext = {
    db: deps.db,
    config: deps.config,
    mailbox: deps.mailbox,
    limiters: {
      token: createRateLimiter(limits.token),
      signup: createRateLimiter(limits.signup),
      recover: createRateLimiter(limits.recover),
      verify: createRateLimiter(limits.verify),
      user_update: createRateLimiter(limits.user_update),
    },
    emailSendIntervalSeconds: deps.emailSendIntervalSeconds ?? 60,
    refreshTokenReuseIntervalSeconds: deps.refreshTokenReuseIntervalSeconds ?? 10,
    emailLinkTtlSeconds: deps.emailLinkTtlSeconds ?? 3600,
    ipHeader: deps.ipHeader,
    allowedRedirectOrigins: deps.allowedRedirectOrigins ?? [],
    now: deps.now ?? (() => new Date()),
  };

  const run =
    (handler: Handler, bucket?: RateLimitBucket) =>
    async (c: Context): Promise<Response> => {
      try {
        if (bucket !== undefined && !ctx.limiters[bucket].take(requestInfo(c, ctx.ipHeader).ip, ctx.now())) {
          throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
        }
        return await handler(c, ctx);
      } catch (error) {
        return authErrorResponse(c, error);
      }
    };

  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: deps.maxBodyBytes ?? 1024 * 1024,
      onError: (c) => {
        // The rest of the body is never read, so the connection cannot carry another request.
        c.header('Connection', 'close');
        return authErrorResponse(c, new AuthError(413, 'request_entity_too_large', 'Request body too large'));
      },
    }),
  );

  app.post('/signup', run(handleSignup, 'signup'));
  app.post('/token', run(handleToken, 'token'));
  app.post('/recover', run(handleRecover, 'recover'));
  app.get('/verify', run(handleVerifyGet, 'verify'));
  app.post('/verify', run(handleVerifyPost, 'verify'));
  app.get('/user', run(handleGetUser));
  app.put('/user', run(handleUpdateUser, 'user_update'));
  app.post('/logout', run(handleLogout));
  // Features switched off here, answering as GoTrue does with them off (handle-disabled-features.ts).
  app.post('/sso', run(handleSamlDisabled));
  app.get('/sso/saml/metadata', run(handleSamlDisabled));
  app.post('/sso/saml/acs', run(handleSamlDisabled));
  app.get('/user/identities/authorize', run(handleManualLinkingDisabled));
  app.delete('/user/identities/:identityId', run(handleManualLinkingDisabled));
  app.post('/factors', run(handleEnrollFactor));
  app.post('/factors/:factorId/challenge', run(handleFactorNotFound));
  app.post('/factors/:factorId/verify', run(handleFactorNotFound));
  app.delete('/factors/:factorId', run(handleFactorNotFound));
  app.get('/settings', (c) => c.json(settings(ctx)));
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );
  return app;
}

const externalProviders = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
] as const;

/** GoTrue's GET /settings: only e-mail sign-in is on here. */
function settings(ctx: AuthContext): Record<string, unknown> {
  return {
    external: {
      ...Object.fromEntries(externalProviders.map((provider) => [provider, false])),
      email: true,
      phone: false,
    },
    disable_signup: ctx.config.disableSignup,
    mailer_autoconfirm: ctx.config.autoConfirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
