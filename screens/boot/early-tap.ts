/** The window property where the boot script keeps the tap it held back (screens/boot/boot-script.ts). */
export const EARLY_TAP_KEY = '__earlyTap';

/**
 * Ends the boot script's listening for taps on the prerendered step and returns the button the
 * visitor tapped before the app took the page over, if any (the last one). Once only.
 */
export function takeEarlyTap(scope: object = globalThis): HTMLElement | undefined {
  const held: unknown = Reflect.get(scope, EARLY_TAP_KEY);
  if (typeof held !== 'object' || held === null || !('stop' in held) || typeof held.stop !== 'function') return undefined;
  Reflect.deleteProperty(scope, EARLY_TAP_KEY);
  const target: unknown = Reflect.apply(held.stop, undefined, []);
  return target instanceof HTMLElement ? target : undefined;
}
