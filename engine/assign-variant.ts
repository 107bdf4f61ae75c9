/**
 * Picks a variant by weight from a stable 32-bit hash (FNV-1a + fmix32) of `key` (`<flag>:<visitor id>`).
 * Pure, shared by the stack's Confidence stand-in (server/confidence/) and the tests that choose a
 * visitor for a variant: the distribution follows the weights and the choice depends on nothing but
 * the key.
 */
export function assignVariant(key: string, allocation: Readonly<Record<string, number>>): string | undefined {
  const entries = Object.entries(allocation).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) return undefined;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // FNV-1a alone barely moves the high bits when only the last characters differ; murmur3's fmix32
  // finaliser spreads every input bit so neighbouring ids land in independent buckets.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  hash >>>= 0;
  let point = (hash / 0x1_0000_0000) * total;
  for (const [variant, weight] of entries) {
    if (point < weight) return variant;
    point -= weight;
  }
  return entries[entries.length - 1]?.[0];
}
