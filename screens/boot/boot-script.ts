/** What the build writes into the page for the boot script (JSON, inlined next to it). */
export interface BootSettings {
  /** The languages the product ships, fallback first. */
  readonly languages: readonly string[];
  readonly fallbackLanguage: string;
  /** Translation namespaces the first screen needs (their files are preloaded for the visitor's language). */
  readonly namespaces: readonly string[];
  /** The language the page's prerendered markup is in; another language hides it until the app renders. */
  readonly prerenderedLanguage?: string;
  /** The spinner's screen-reader text per language (`common:loading`), so it is announced in the visitor's language. */
  readonly loadingText: Readonly<Record<string, string>>;
}

/**
 * Runs inline in the page's head, before any of the app's code has arrived, so nothing the first
 * screen needs is discovered late: it picks the visitor's language the way the app's language
 * detector does (query `lng`, cookie, local storage, session storage, browser languages, html tag;
 * see services/i18n/create-i18n.ts) and preloads that language's translation files, which the app
 * then reads from the cache. When the page was prerendered in another language, the prerendered
 * markup is hidden (class `boot-translating`, styled in app.css) until the app renders in the right one.
 *
 * The cookie `i18next` and the storage key `i18nextLng` are i18next's detector defaults.
 * Serialised with `Function.prototype.toString` into the HTML: it must not use anything from its
 * module, and must never throw.
 */
export function runBootScript(settings: BootSettings): void {
  try {
    const supported = settings.languages;
    const pick = (tag: string | null | undefined): string | undefined => {
      if (!tag) return undefined;
      const lower = tag.toLowerCase();
      if (supported.includes(lower)) return lower;
      const base = lower.split(/[-_]/)[0] ?? '';
      return supported.includes(base) ? base : undefined;
    };
    const stored = (storage: () => Storage): string | null => {
      try {
        return storage().getItem('i18nextLng');
      } catch {
        // Storage refused (private mode, some webviews): the app falls back the same way.
        return null;
      }
    };
    const cookie = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1];
    const candidates: (string | null | undefined)[] = [
      new URLSearchParams(location.search).get('lng'),
      cookie === undefined ? undefined : decodeURIComponent(cookie),
      stored(() => localStorage),
      stored(() => sessionStorage),
      ...navigator.languages,
      navigator.language,
      document.documentElement.lang,
    ];
    let language = settings.fallbackLanguage;
    for (const candidate of candidates) {
      const found = pick(candidate);
      if (found !== undefined) {
        language = found;
        break;
      }
    }
    // The prerendered page already preloads its own language's files from a <link> in its head.
    const namespaces = language === settings.prerenderedLanguage ? [] : settings.namespaces;
    for (const namespace of namespaces) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      // The app reads them with fetch() (cors mode, same-origin credentials): the preload must match.
      link.crossOrigin = 'anonymous';
      link.href = `/locales/${language}/${namespace}.json`;
      document.head.appendChild(link);
    }
    const root = document.documentElement;
    if (settings.prerenderedLanguage !== undefined && settings.prerenderedLanguage !== language) root.classList.add('boot-translating');
    const loading = settings.loadingText[language];
    if (loading !== undefined && language !== settings.fallbackLanguage) {
      // The spinner below the script is not parsed yet; its text is English in the HTML.
      document.addEventListener('readystatechange', () => {
        const text = document.querySelector('.boot-spinner .visually-hidden');
        if (text) text.textContent = loading;
      }, { once: true });
    }
  } catch {
    // The app does all of this again on its own; the boot script only makes it earlier.
  }
}

/** The inline `<script>` body: the function above, called with the build's settings. */
export function bootScriptSource(settings: BootSettings): string {
  // `</` inside the JSON would close the script element early.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `(${runBootScript.toString()})(${json});`;
}
