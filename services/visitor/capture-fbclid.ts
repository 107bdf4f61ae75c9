export const FBC_STORAGE_KEY = 'fbc';

/**
 * Stores Meta's click id as `fbc = fb.1.{timestamp}.{fbclid}` when the landing URL carries `fbclid`.
 * The timestamp is the first time this click id was seen: Meta asks not to rewrite `fbc` for the same
 * click id, so a reload of the ad's landing URL keeps the original value.
 */
export function captureFbclid(url: URL, storage: Pick<Storage, 'getItem' | 'setItem'>, now: () => number = Date.now): void {
  const fbclid = url.searchParams.get('fbclid');
  if (!fbclid) return;
  const current = storage.getItem(FBC_STORAGE_KEY);
  if (current?.endsWith(`.${fbclid}`)) return;
  storage.setItem(FBC_STORAGE_KEY, `fb.1.${now()}.${fbclid}`);
}
