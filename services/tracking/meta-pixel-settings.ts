/**
 * The local stack's pixel id (server/config.ts META_LOCAL_PIXEL_ID; a unit test proves they match).
 * Pixel ids are public: every page that loads the pixel carries its id.
 */
export const META_LOCAL_PIXEL_ID = '1234567890123456';
/** Meta's library (WIRE.md): what a build with a real pixel id loads. */
export const META_FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js';

export interface MetaPixelSettings {
  readonly pixelId: string;
  /** Meta's fbevents.js, or the stack's stand-in (`<stack>/meta/fbevents.js`). */
  readonly scriptUrl: string;
  /** Where the tracking events' copies of the pixel requests go (`<product API>/sherlock/tracking_events.json`). */
  readonly trackingEventsUrl: string;
}

export interface MetaPixelEnv {
  readonly VITE_META_PIXEL_ID?: string | undefined;
  readonly VITE_META_PIXEL_SCRIPT_URL?: string | undefined;
  readonly VITE_PRODUCT_API_URL?: string | undefined;
}

/**
 * One setting away from Meta: a build with `VITE_META_PIXEL_ID` loads Meta's fbevents.js with that
 * id; without it the page loads the stack's stand-in with the local id. `VITE_META_PIXEL_SCRIPT_URL`
 * overrides the script either way. The product API defaults to the page's origin (`/api/v1`).
 */
export function metaPixelSettings(env: MetaPixelEnv, origin: string): MetaPixelSettings {
  const pixelId = nonEmpty(env.VITE_META_PIXEL_ID);
  if (pixelId !== undefined && !/^\d{5,20}$/.test(pixelId)) throw new Error('VITE_META_PIXEL_ID must be the numeric pixel id from Events Manager');
  const apiUrl = (nonEmpty(env.VITE_PRODUCT_API_URL) ?? `${origin}/api/v1`).replace(/\/$/, '');
  return {
    pixelId: pixelId ?? META_LOCAL_PIXEL_ID,
    scriptUrl: nonEmpty(env.VITE_META_PIXEL_SCRIPT_URL) ?? (pixelId === undefined ? `${origin}/meta/fbevents.js` : META_FBEVENTS_URL),
    trackingEventsUrl: `${apiUrl}/sherlock/tracking_events.json`,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}
