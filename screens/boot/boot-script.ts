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
  /** The window property where a tap on the prerendered step waits for the app (screens/boot/early-tap.ts). */
  readonly earlyTapKey: string;
  /** On a prerendered page, the attribute of the script and preload tags held until the first paint (its value: `module` or a link's rel). */
  readonly afterPaintAttribute: string;
  /** The funnel flag's lookup, started here on the baseline flow's pages (absent: no flag in the build). */
  readonly flag?: BootFlagSettings;
}

/** What the boot script needs to send the flag lookup the app's provider would send (services/flags/). */
export interface BootFlagSettings {
  /** `<resolver>/v1/flags:resolve`. */
  readonly resolveUrl: string;
  readonly clientSecret: string;
  /** The flag's name, e.g. `cc-feedback-redesign` (Confidence calls it `flags/<name>`). */
  readonly name: string;
  /** Flag variant -> flow id, and the flow of the flag's default variant (the baseline flow). */
  readonly variants: Readonly<Record<string, string>>;
  readonly baselineFlow: string;
  /** Flow id -> base path: the lookup runs on the baseline flow's pages (and `/`, which leads there). */
  readonly basePaths: Readonly<Record<string, string>>;
  /** The visitor cookie (services/visitor/ensure-visitor-id.ts) and its lifetime. */
  readonly visitorCookie: string;
  readonly visitorCookieMaxAgeSeconds: number;
  /** Local storage key of the remembered variant (`{"visitorId", "variant"}`, resolve-funnel-flow.ts). */
  readonly rememberedKey: string;
  /** The window property the request is left in for the provider (services/flags/boot-flag-resolve.ts). */
  readonly handoffKey: string;
}

/**
 * Runs inline in the page's head, before any of the app's code has arrived, so nothing the first
 * screen needs is discovered late: it picks the visitor's language the way the app's language
 * detector does (query `lng`, cookie, local storage, session storage, browser languages, html tag;
 * see services/i18n/browser-language-detector.ts) and preloads that language's translation files, which the app
 * then reads from the cache. When the page was prerendered in another language, the prerendered
 * markup is hidden (class `boot-translating`, styled in app.css) until the app renders in the right one.
 *
 * On a prerendered page it starts the page's module scripts, which the HTML holds as inert tags, once
 * the first frame is painted (the markup is there; the scripts only hydrate it). A tap on one of the
 * step's buttons before the app has taken the page over (its buttons do nothing yet) is held back:
 * the app repeats it once it has hydrated the step (screens/mount-app.tsx), so an early answer is not
 * lost on a slow phone.
 *
 * On the baseline flow's pages it also starts the funnel flag's lookup for a visitor without a
 * remembered variant, in parallel with the app's code (issue 14): the same `flags:resolve` request
 * Confidence's provider sends, left in `window[handoffKey]` for the provider to use instead of its own
 * (so the visitor cookie is created here on a first visit, as the app would). When the answer (or the
 * remembered variant) sends the visitor to another flow while the root spinner still shows, the
 * baseline step stays hidden behind a spinner (`boot-translating`) until the app has rendered the
 * visitor's flow: no flash of the wrong flow. The first paint never waits beyond the spinner: an
 * answer after it changes nothing here (docs/decisions.md).
 *
 * The cookie `i18next` and the storage key `i18nextLng` are i18next's detector defaults.
 * Serialised with `Function.prototype.toString` into the HTML: it must not use anything from its
 * module, and must never throw.
 */
export function runBootScript(settings: BootSettings): void {
  // First and on its own: without it the page's scripts never start.
  try {
    if (settings.prerenderedLanguage !== undefined) {
      // The page's module scripts, their preloads and its translations are held in the HTML
      // (`afterPaintAttribute`, the first-paint plugin) and start here once the first paint is on screen.
      let started = false;
      const startScripts = (): void => {
        if (started) return;
        if (document.readyState === 'loading') {
          // The held tags are not all parsed yet.
          document.addEventListener('DOMContentLoaded', startScripts, { once: true });
          return;
        }
        started = true;
        for (const held of document.querySelectorAll(`[${settings.afterPaintAttribute}]`)) {
          const url = held.getAttribute(held.tagName === 'SCRIPT' ? 'src' : 'href');
          if (url === null) continue;
          const kind = held.getAttribute(settings.afterPaintAttribute) ?? '';
          if (kind === 'module') {
            const script = document.createElement('script');
            script.type = 'module';
            script.crossOrigin = '';
            script.src = url;
            document.head.appendChild(script);
          } else {
            // `modulepreload`, or `preload` (the translations, `as="fetch"`).
            const link = document.createElement('link');
            link.rel = kind;
            const as = held.getAttribute('as');
            if (as !== null) link.as = as;
            link.crossOrigin = '';
            link.href = url;
            document.head.appendChild(link);
          }
        }
      };
      // Once the first contentful paint (the splash, or the step without a spinner) is on screen: the
      // paint timing entry, reported at presentation (a frame callback comes before: Chrome may hold the
      // first frames of a load). Where paint timing is missing, the second frame. In a hidden tab
      // nothing paints, so the scripts start at once.
      if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
        const observer = new PerformanceObserver((entries) => {
          if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          startScripts();
        });
        observer.observe({ type: 'paint', buffered: true });
      } else {
        document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => requestAnimationFrame(startScripts)), { once: true });
      }
      // A browser that lists paint timing but never reports the paint (an odd webview) still gets the app.
      setTimeout(startScripts, 1000);
      if (document.visibilityState === 'hidden') startScripts();
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') startScripts();
      });
      let tapped: Element | null = null;
      const hold = (event: MouseEvent): void => {
        const button = event.target instanceof Element ? event.target.closest('#root button') : null;
        if (button === null) return;
        // A button in a form would submit it natively, reloading the page.
        event.preventDefault();
        tapped = button;
      };
      document.addEventListener('click', hold, true);
      Reflect.set(window, settings.earlyTapKey, {
        stop: (): Element | null => {
          document.removeEventListener('click', hold, true);
          return tapped;
        },
      });
    }
  } catch {
    // Nothing here throws in a browser that runs module scripts; should it, the page stays as painted.
  }
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
    // Last: crypto.randomUUID is missing outside secure contexts, and a throw here must not skip the rest.
    const flag = settings.flag;
    if (flag !== undefined) {
      const path = location.pathname.replace(/\/+$/, '');
      const inFlow = (flow: string): boolean => {
        const base = flag.basePaths[flow];
        return base !== undefined && (path === base || path.startsWith(`${base}/`));
      };
      const others = Object.keys(flag.basePaths).filter((flow) => flow !== flag.baselineFlow);
      if (path === '' || (inFlow(flag.baselineFlow) && !others.some(inFlow))) {
        const cookieMatch = new RegExp(`(?:^|;\\s*)${flag.visitorCookie}=([^;]*)`).exec(document.cookie)?.[1];
        let visitorId = cookieMatch === undefined ? '' : decodeURIComponent(cookieMatch);
        if (visitorId === '') {
          visitorId = crypto.randomUUID();
          const secure = location.protocol === 'https:' ? '; Secure' : '';
          document.cookie = `${flag.visitorCookie}=${encodeURIComponent(visitorId)}; Max-Age=${String(flag.visitorCookieMaxAgeSeconds)}; Path=/; SameSite=Lax${secure}`;
        }
        // Another flow's first step is the app's to render; until then the baseline markup stays hidden,
        // if the spinner still covers it and the app has not rendered yet (it marks `app-ready` first).
        const holdFor = (variant: unknown): void => {
          const flow = typeof variant === 'string' ? flag.variants[variant] : undefined;
          if (flow === undefined || flow === flag.baselineFlow || performance.getEntriesByName('app-ready').length > 0) return;
          // Read only when needed: it makes the browser compute the page's style at once.
          const spinnerMs = parseFloat(getComputedStyle(root).getPropertyValue('--root-spinner-ms'));
          if (performance.now() < spinnerMs) root.classList.add('boot-translating');
        };
        let remembered: unknown;
        try {
          const raw = localStorage.getItem(flag.rememberedKey);
          const value: unknown = raw === null ? undefined : JSON.parse(raw);
          if (typeof value === 'object' && value !== null && 'visitorId' in value && 'variant' in value && value.visitorId === visitorId) remembered = value.variant;
        } catch {
          // Unreadable or refused storage: the app looks the variant up again, so the lookup starts here.
        }
        if (typeof remembered === 'string' && flag.variants[remembered] !== undefined) {
          holdFor(remembered);
        } else {
          // Byte for byte the body Confidence's provider sends (its client-http ConfidenceClient.resolve).
          const body = JSON.stringify({ clientSecret: flag.clientSecret, evaluationContext: { visitor_id: visitorId, targeting_key: visitorId }, apply: false, flags: [] });
          // The provider aborts it when the lookup times out, so a hanging resolver keeps no socket open.
          const controller = new AbortController();
          const request = fetch(flag.resolveUrl, { method: 'POST', body, signal: controller.signal });
          // The provider reads a copy; this script reads the original (copied first: callbacks run in order).
          const handoff = request.then((response) => response.clone());
          // Handled here, so a failure nobody takes (a signed-in visitor's) is not an unhandled rejection;
          // the provider still gets the rejection when it takes the request.
          handoff.catch(() => undefined);
          Reflect.set(window, flag.handoffKey, { body, response: handoff, abort: () => controller.abort() });
          request
            .then((response) => (response.ok ? response.json() : undefined))
            .then((answer: unknown) => {
              if (typeof answer !== 'object' || answer === null || !('resolvedFlags' in answer) || !Array.isArray(answer.resolvedFlags)) return;
              const resolvedFlags: unknown[] = answer.resolvedFlags;
              for (const resolved of resolvedFlags) {
                if (typeof resolved === 'object' && resolved !== null && 'flag' in resolved && resolved.flag === `flags/${flag.name}` && 'value' in resolved) {
                  const value = resolved.value;
                  if (typeof value === 'object' && value !== null && 'variant' in value) holdFor(value.variant);
                }
              }
            })
            .catch(() => undefined);
        }
      }
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
