import { LANGUAGE_QUERY_PARAMETER } from './is-explicit-language-choice';

/** What the detection reads of the page (the window in the app and the boot script; a stand-in in tests). */
export interface LanguagePage {
  readonly location: { readonly search: string };
  readonly document: { readonly cookie: string; readonly documentElement: { getAttribute(name: string): string | null } };
  readonly localStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly sessionStorage: Pick<Storage, 'getItem'>;
  readonly navigator: { readonly languages: readonly string[]; readonly language: string };
}

/** i18next's own names (so a choice remembered by the earlier detector library still counts). */
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * The spec's detection order: query `lng`, the `i18next` cookie, local storage, session storage, the
 * browser's languages, the html tag. Every candidate found, in that order. The app's i18next detector
 * (browser-language-detector.ts) and the page's boot script (screens/boot/boot-script.ts, which
 * preloads the translation files before the app runs) both read the page through this.
 */
export function languageCandidates(page: LanguagePage): string[] {
  const cookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(readOrUndefined(() => page.document.cookie) ?? '')?.[1];
  const candidates = [
    new URLSearchParams(page.location.search).get(LANGUAGE_QUERY_PARAMETER),
    cookie === undefined ? undefined : decodeURIComponent(cookie),
    readOrUndefined(() => page.localStorage.getItem(LANGUAGE_STORAGE_KEY)),
    readOrUndefined(() => page.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
    ...page.navigator.languages,
    page.navigator.language,
    page.document.documentElement.getAttribute('lang'),
  ];
  return candidates.filter((candidate): candidate is string => typeof candidate === 'string' && candidate !== '');
}

/** Storage and cookies throw when the browser blocks them: then that source has nothing. */
export function readOrUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
