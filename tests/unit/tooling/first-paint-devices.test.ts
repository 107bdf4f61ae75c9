import { describe, expect, it } from 'vitest';
import { firstPaintDevices } from '../../../tooling/first-paint-devices';

describe('FIRST_PAINT_DEVICES (the bench switches one device off per build)', () => {
  it('has every device on by default', () => {
    expect(firstPaintDevices(undefined)).toEqual({ 'compile-hints': true, 'held-scripts': true, 'early-tap': true, prefetch: true, prerender: true });
    expect(firstPaintDevices('')).toEqual({ 'compile-hints': true, 'held-scripts': true, 'early-tap': true, prefetch: true, prerender: true });
  });

  it('switches off the devices named with a minus', () => {
    expect(firstPaintDevices('-compile-hints, -early-tap')).toEqual({ 'compile-hints': false, 'held-scripts': true, 'early-tap': false, prefetch: true, prerender: true });
    expect(firstPaintDevices('-prerender')).toEqual({ 'compile-hints': true, 'held-scripts': true, 'early-tap': true, prefetch: true, prerender: false });
  });

  it('refuses a name that is no device, so a typo cannot measure the wrong build', () => {
    expect(() => firstPaintDevices('-compile-hint')).toThrow(/"-compile-hint" is not -<device> for a device of compile-hints, held-scripts, early-tap, prefetch, prerender/);
    expect(() => firstPaintDevices('compile-hints')).toThrow(/not -<device>/);
  });

});
