import { describe, expect, it } from 'vitest';
import { postLoginPath, safeRedirectPath } from '../../../engine/post-login-path';

describe('postLoginPath', () => {
  it('goes by subscription status without a path', () => {
    expect(postLoginPath(null, 'active')).toBe('/account/subscription');
    expect(postLoginPath(null, 'inactive')).toBe('/checkout/plans');
    expect(postLoginPath(null, 'none')).toBe('/');
    expect(() => postLoginPath(null, 'paused')).toThrow('Unhandled subscription status');
  });

  it('prefers a same-site path parameter, whatever the status', () => {
    expect(postLoginPath('/help-center/refund?x=1#top', 'none')).toBe('/help-center/refund?x=1#top');
    expect(postLoginPath('/checkout/plans', 'active')).toBe('/checkout/plans');
  });

  it('ignores a path that would leave the site (no open redirect)', () => {
    expect(postLoginPath('https://evil.example/phish', 'active')).toBe('/account/subscription');
    expect(postLoginPath('//evil.example', 'inactive')).toBe('/checkout/plans');
    expect(postLoginPath('/\\evil.example', 'none')).toBe('/');
    expect(postLoginPath('/\t/evil.example', 'none')).toBe('/');
    expect(postLoginPath('javascript:alert(1)', 'none')).toBe('/');
    expect(postLoginPath('', 'none')).toBe('/');
  });
});

describe('safeRedirectPath', () => {
  it('normalises dot segments but keeps the path on the site', () => {
    expect(safeRedirectPath('/account/../checkout/plans')).toBe('/checkout/plans');
    expect(safeRedirectPath('/a b')).toBe('/a%20b');
    expect(safeRedirectPath('relative/path')).toBeUndefined();
  });
});
