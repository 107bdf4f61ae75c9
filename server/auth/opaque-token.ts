import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token: refresh tokens and e-mailed link tokens. */
export function newOpaqueToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of an e-mailed token, so reading the table does not hand out live links. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
