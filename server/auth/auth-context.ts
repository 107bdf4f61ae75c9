import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { Mailbox } from '../mail/create-mailbox';
import type { RateLimiter } from './rate-limiter';

export type AuthConfig = Pick<
  ServerConfig,
  'siteUrl' | 'jwtSecret' | 'jwtIssuer' | 'accessTokenTtlSeconds' | 'autoConfirmEmail' | 'disableSignup'
>;

export type RateLimitBucket = 'token' | 'signup' | 'recover' | 'verify' | 'user_update';

/** Everything a handler needs, with every option resolved to its value. */
export interface AuthContext {
  readonly db: Database;
  readonly config: AuthConfig;
  readonly mailbox: Pick<Mailbox, 'send'>;
  readonly limiters: Readonly<Record<RateLimitBucket, RateLimiter>>;
  readonly emailSendIntervalSeconds: number;
  readonly refreshTokenReuseIntervalSeconds: number;
  readonly emailLinkTtlSeconds: number;
  readonly ipHeader: string | undefined;
  readonly allowedRedirectOrigins: readonly string[];
  readonly now: () => Date;
}
