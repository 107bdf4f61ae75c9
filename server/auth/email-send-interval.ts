import { AuthError } from './auth-error';

/**
 * GoTrue's SMTP max frequency: one e-mail of a kind per user per interval. Inside it the request is
 * refused with the seconds left, counted down as Go's integer duration division does.
 */
export function assertEmailSendAllowed(lastSentAt: Date | null, intervalSeconds: number, now: Date): void {
  if (lastSentAt === null) return;
  const allowedFrom = new Date(lastSentAt).getTime() + intervalSeconds * 1000;
  if (allowedFrom < now.getTime()) return;
  const secondsLeft = Math.trunc((allowedFrom - now.getTime()) / 1000);
  throw new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${secondsLeft} seconds.`,
  );
}
