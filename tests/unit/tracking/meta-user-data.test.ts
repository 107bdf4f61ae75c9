import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MetaUserDataError, normalizeAndHash, normalizeUserField, type HashedUserField } from '../../../supabase/functions/_shared/meta-user-data';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Meta's own implementation (facebook-nodejs-business-sdk, a dev dependency for this test only). */
function metaSdkNormalizeAndHash(): (value: string, field: string) => string | null {
  const sdk: unknown = createRequire(import.meta.url)('facebook-nodejs-business-sdk');
  const utils: unknown = typeof sdk === 'object' && sdk !== null && 'ServerSideUtils' in sdk ? sdk.ServerSideUtils : undefined;
  const fn: unknown = typeof utils === 'function' && 'normalizeAndHash' in utils ? utils.normalizeAndHash : undefined;
  if (typeof fn !== 'function') throw new Error('facebook-nodejs-business-sdk has no ServerSideUtils.normalizeAndHash');
  return (value, field) => {
    const result: unknown = Reflect.apply(fn, utils, [value, field]);
    if (result !== null && typeof result !== 'string') throw new Error('unexpected SDK result');
    return result;
  };
}

describe('Meta customer-information normalisation and hashing', () => {
  // Meta's published examples (Conversions API, customer information parameters; WIRE.md's table).
  it.each<[HashedUserField, string, string]>([
    ['em', 'John_Smith@gmail.com', 'john_smith@gmail.com'],
    ['em', '  Person@Example.COM ', 'person@example.com'],
    ['ct', 'Menlo Park', 'menlopark'],
    ['ct', 'St. Louis (MO)', 'stlouismo'],
    ['ct', 'Saint-Étienne 42', 'saintétienne'],
    ['zp', '94035', '94035'],
    ['zp', '94035-1234', '94035'],
    ['zp', ' SW1A 1AA ', 'sw1a1aa'],
    ['country', 'US', 'us'],
    ['country', ' se ', 'se'],
  ])('%s %j -> %j', async (field, input, normalized) => {
    expect(normalizeUserField(field, input)).toBe(normalized);
    expect(await normalizeAndHash(field, input)).toBe(sha256(normalized));
  });

  it('hashes Meta’s e-mail example to the digest Meta publishes', async () => {
    expect(await normalizeAndHash('em', 'John_Smith@gmail.com')).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
  });

  it('drops what Meta drops: empty values and a zip under two characters', async () => {
    expect(await normalizeAndHash('ct', '   ')).toBeUndefined();
    expect(await normalizeAndHash('zp', '1')).toBeUndefined();
    expect(await normalizeAndHash('em', undefined)).toBeUndefined();
    expect(await normalizeAndHash('country', null)).toBeUndefined();
  });

  it('refuses what Meta refuses: an invalid e-mail and a country that is not ISO 3166-1 alpha-2', async () => {
    await expect(normalizeAndHash('em', '1234')).rejects.toBeInstanceOf(MetaUserDataError);
    await expect(normalizeAndHash('country', 'Sweden')).rejects.toBeInstanceOf(MetaUserDataError);
    await expect(normalizeAndHash('country', 'zz')).rejects.toBeInstanceOf(MetaUserDataError);
  });

  it('passes values that already are SHA-256 or MD5 hex through unhashed', async () => {
    const hashed = sha256('john_smith@gmail.com');
    expect(await normalizeAndHash('em', hashed.toUpperCase())).toBe(hashed);
    expect(await normalizeAndHash('ct', '2a6a84e9e44441afbd75cc19ce28be37')).toBe('2a6a84e9e44441afbd75cc19ce28be37');
  });

  it('agrees with Meta’s Business SDK on every input, including the refusals', async () => {
    const sdk = metaSdkNormalizeAndHash();
    const inputs: [HashedUserField, string][] = [
      ['em', 'John_Smith@gmail.com'],
      ['em', ' a.b+c@sub.example.co.uk '],
      ['em', 'not-an-email'],
      ['ct', 'New York 10001'],
      ['ct', 'Rio de Janeiro'],
      ['ct', 'Malmö'],
      ['zp', '10001-2345'],
      ['zp', 'EC1A 1BB'],
      ['zp', '7'],
      ['country', 'GB'],
      ['country', 'xx'],
      ['country', 'usa'],
    ];
    for (const [field, input] of inputs) {
      let expected: string | undefined;
      try {
        expected = sdk(input, field) ?? undefined;
      } catch {
        expected = 'throws';
      }
      const actual = await normalizeAndHash(field, input).catch(() => 'throws' as const);
      expect({ field, input, hash: actual }).toEqual({ field, input, hash: expected });
    }
  });
});
