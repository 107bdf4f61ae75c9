import { describe, expect, it } from 'vitest';
import { ensureVisitorId, readVisitorId, VISITOR_COOKIE_MAX_AGE_SECONDS } from '../../../services/visitor/ensure-visitor-id';
import { captureFbclid } from '../../../services/visitor/capture-fbclid';

/** A cookie jar that behaves like document.cookie: writes add or replace one cookie. */
function fakeJar(initial = '') {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  for (const part of initial.split(';').filter(Boolean)) {
    const [name, value] = part.trim().split('=');
    cookies.set(name ?? '', value ?? '');
  }
  return {
    writes,
    location: { protocol: 'https:' },
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(raw: string) {
      writes.push(raw);
      const [pair] = raw.split(';');
      const [name, value] = (pair ?? '').split('=');
      cookies.set(name ?? '', value ?? '');
    },
  };
}

describe('ensureVisitorId', () => {
  it('creates a UUID cookie for 5 years on the first visit, reuses it after and refreshes its lifetime', () => {
    const jar = fakeJar('other=1');
    const id = ensureVisitorId(jar);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jar.writes).toHaveLength(1);
    expect(jar.writes[0]).toContain(`Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`);
    expect(VISITOR_COOKIE_MAX_AGE_SECONDS).toBe(157_680_000);
    expect(jar.writes[0]).toContain('Path=/');
    expect(jar.writes[0]).toContain('Secure');
    expect(ensureVisitorId(jar)).toBe(id);
    // Rewritten with the same value: browsers cap lifetimes (Chromium: 400 days), so each visit extends it.
    expect(jar.writes).toHaveLength(2);
    expect(jar.writes[1]).toBe(jar.writes[0]);
    expect(readVisitorId(jar)).toBe(id);
  });

  it('reports a missing cookie as undefined', () => {
    expect(readVisitorId(fakeJar('a=b'))).toBeUndefined();
  });
});

describe('captureFbclid', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  }

  it('stores fbc = fb.1.{timestamp}.{fbclid}', () => {
    const storage = memoryStorage();
    captureFbclid(new URL('https://x.test/?utm=1&fbclid=AbC-123'), storage, () => 1_700_000_000_123);
    expect(storage.getItem('fbc')).toBe('fb.1.1700000000123.AbC-123');
  });

  it('keeps the first timestamp for the same click id and replaces it for a new one', () => {
    const storage = memoryStorage();
    captureFbclid(new URL('https://x.test/?fbclid=one'), storage, () => 1);
    captureFbclid(new URL('https://x.test/?fbclid=one'), storage, () => 2);
    expect(storage.getItem('fbc')).toBe('fb.1.1.one');
    captureFbclid(new URL('https://x.test/?fbclid=two'), storage, () => 3);
    expect(storage.getItem('fbc')).toBe('fb.1.3.two');
  });

  it('does nothing without fbclid', () => {
    const storage = memoryStorage();
    captureFbclid(new URL('https://x.test/?a=1'), storage, () => 1);
    expect(storage.getItem('fbc')).toBeNull();
  });
});
