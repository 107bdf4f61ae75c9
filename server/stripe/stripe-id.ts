import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A Stripe-looking id: the resource prefix and 24 alphanumerics. Only alphanumerics after the prefix,
 * because clients read a PaymentIntent id as the part of a client secret before `_secret_`.
 */
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet.charAt(byte % alphabet.length);
  return `${prefix}_${out}`;
}
