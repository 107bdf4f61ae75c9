import { whereAlpha2 } from 'iso-3166-1';
import { z } from 'zod';

/**
 * The customer-information fields the product sends to Meta's Conversions API hashed (spec: city,
 * country, e-mail and zip code). Meta matches on SHA-256 of a normalised value, so a value hashed
 * without Meta's exact normalisation matches nobody.
 */
export type HashedUserField = 'em' | 'ct' | 'country' | 'zp';

/** A value Meta's Business SDK would refuse (it throws for these): never sent. */
export class MetaUserDataError extends Error {
  override readonly name = 'MetaUserDataError';
  constructor(
    readonly field: HashedUserField,
    message: string,
  ) {
    super(message);
  }
}

// Meta passes values that already are SHA-256 or MD5 hex through unhashed (utils.js, normalizeAndHash).
const ALREADY_HASHED = /^(?:[a-f0-9]{64}|[a-f0-9]{32})$/;
const emailSchema = z.email();

/**
 * Meta's normalisation (facebook-nodejs-business-sdk 24, src/objects/serverside/utils.js): trim and
 * lowercase; e-mail must be valid; city loses digits, whitespace and `( ) . -`; zip loses whitespace and
 * keeps what precedes `-` (under 2 characters it is dropped); country must be ISO 3166-1 alpha-2.
 * Returns undefined for a value Meta drops (empty, too-short zip); throws MetaUserDataError where
 * Meta's SDK throws. tests/unit/tracking/meta-user-data.test.ts checks it against the SDK itself.
 */
export function normalizeUserField(field: HashedUserField, value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const common = value.trim().toLowerCase();
  if (common === '') return undefined;
  if (ALREADY_HASHED.test(common)) return common;
  switch (field) {
    case 'em':
      if (!emailSchema.safeParse(common).success) throw new MetaUserDataError(field, 'Invalid e-mail address for Meta matching');
      return common;
    case 'ct':
      return common.replace(/[0-9\s().-]/g, '');
    case 'zp': {
      const zip = common.replace(/\s/g, '').split('-', 1)[0] ?? '';
      return zip.length < 2 ? undefined : zip;
    }
    case 'country':
      if (whereAlpha2(common) === undefined) throw new MetaUserDataError(field, `Invalid ISO 3166-1 alpha-2 country code: ${common}`);
      return common;
  }
}

/** Lowercase hex SHA-256 with Web Crypto (the same on Deno, Node and browsers). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Normalises as Meta does, then hashes; an already hashed value is sent as it is, as Meta's SDK does. */
export async function normalizeAndHash(field: HashedUserField, value: string | null | undefined): Promise<string | undefined> {
  const normalized = normalizeUserField(field, value);
  if (normalized === undefined) return undefined;
  return ALREADY_HASHED.test(normalized) ? normalized : sha256Hex(normalized);
}
