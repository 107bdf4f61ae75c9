import { sendBootFlagResolve, type BootFlagRequest } from '../../services/flags/boot-flag-resolve';
import { rememberedVariant } from '../../services/flags/resolve-funnel-flow';
import { initialNamespaces } from '../../services/i18n/initial-namespaces';
import { languageCandidates } from '../../services/i18n/language-candidates';
import { pickLanguage } from '../../services/i18n/pick-language';
import { ensureVisitorId } from '../../services/visitor/ensure-visitor-id';
import { EARLY_TAP_KEY } from './early-tap';

/** What the build passes the boot script (tooling/boot-script-source.ts inlines it as JSON). */
export interface BootSettings {
  /** The language the page's prerendered markup is in; another language hides it until the app renders. */
  readonly prerenderedLanguage?: string;
  /** The spinner's screen-reader text per language (`common:loading`), so it is announced in the visitor's language. */
  readonly loadingText: Readonly<Record<string, string>>;
  /** On a prerendered page, the attribute of the script and preload tags held until the first paint (its value: `module` or a link's rel). */
  readonly afterPaintAttribute: string;
  /** `false`: a tap before hydration is not held for the app (the bench's side-by-side, tooling/first-paint-devices.ts). */
  readonly earlyTap?: false;
  /** The funnel flag's lookup, started here on the baseline flow's pages (absent: no flag in the build). */
  readonly flag?: BootFlagSettings;
}

/** The flag's lookup (services/flags/boot-flag-resolve.ts) and where it applies. */
export interface BootFlagSettings extends BootFlagRequest {
  /** Flag variant -> flow id, and the flow of the flag's default variant (the baseline flow). */
  readonly variants: Readonly<Record<string, string>>;
  readonly baselineFlow: string;
  /** Flow id -> base path: the lookup runs on the baseline flow's pages (and `/`, which leads there). */
  readonly basePaths: Readonly<Record<string, string>>;
}

/**
 * Runs inline in the page's head, before any of the app's code has arrived, so nothing the first
 * screen needs is discovered late. Built at build time from the app's own modules (language
 * detection, the visitor cookie, the flag lookup and remembered variant) into a small classic script
 * (tooling/boot-script-source.ts), so the two cannot drift apart. Three independent parts, each
 * guarded: a throw in one never skips another, and the first (which starts the app) comes first.
 */
export function runBootScript(settings: BootSettings): void {
  guarded(() => startHeldScripts(settings));
  const language = guarded(() => preloadTranslations(settings));
  guarded(() => {
    // Last: crypto.randomUUID (the visitor cookie) is missing outside secure contexts.
    if (settings.flag !== undefined && language !== undefined) startFlagLookup(settings.flag);
  });
}

function guarded<T>(part: () => T): T | undefined {
  try {
    return part();
  } catch {
    // The app does all of this again on its own; the boot script only makes it earlier.
    return undefined;
  }
}

/**
 * On a prerendered page the HTML holds the page's module scripts and their preloads as inert tags
 * (`afterPaintAttribute`, the first-paint plugin); they start here once the first frame is painted
 * (the markup is there; the scripts only hydrate it), and after a second at the latest.
 */
function startHeldScripts({ prerenderedLanguage, afterPaintAttribute, earlyTap }: BootSettings): void {
  if (prerenderedLanguage === undefined) return;
  let started = false;
  const startScripts = (): void => {
    if (started) return;
    if (document.readyState === 'loading') {
      // The held tags are not all parsed yet.
      document.addEventListener('DOMContentLoaded', startScripts, { once: true });
      return;
    }
    started = true;
    // One tag the browser refuses does not keep the others (the app's entry among them) from starting.
    for (const held of document.querySelectorAll(`[${afterPaintAttribute}]`)) guarded(() => startHeld(held, afterPaintAttribute));
  };
  try {
    if (earlyTap !== false) holdEarlyTap();
    startAfterFirstPaint(startScripts);
  } finally {
    // Whatever threw above (a browser that lists paint timing but never reports the paint, one without
    // PerformanceObserver, a listener refused), the page gets its app.
    setTimeout(startScripts, 1000);
  }
}

/** A held tag made live: a module script, or a `modulepreload` / `preload` (the translations, `as="fetch"`). */
function startHeld(held: Element, afterPaintAttribute: string): void {
  const url = held.getAttribute(held.tagName === 'SCRIPT' ? 'src' : 'href');
  if (url === null) return;
  const kind = held.getAttribute(afterPaintAttribute) ?? '';
  if (kind === 'module') {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = url;
    document.head.appendChild(script);
    return;
  }
  const link = document.createElement('link');
  link.rel = kind;
  const as = held.getAttribute('as');
  if (as !== null) link.as = as;
  link.crossOrigin = '';
  link.href = url;
  document.head.appendChild(link);
}

/**
 * A tap on one of the step's buttons before the app has taken the page over (its buttons do nothing
 * yet) is held back: the app repeats it once it has hydrated the step (screens/mount-app.tsx,
 * screens/boot/early-tap.ts), so an early answer is not lost on a slow phone.
 */
function holdEarlyTap(): void {
  let tapped: Element | null = null;
  const hold = (event: MouseEvent): void => {
    const button = event.target instanceof Element ? event.target.closest('#root button') : null;
    if (button === null) return;
    // A button in a form would submit it natively, reloading the page.
    event.preventDefault();
    tapped = button;
  };
  document.addEventListener('click', hold, true);
  Reflect.set(window, EARLY_TAP_KEY, {
    stop: (): Element | null => {
      document.removeEventListener('click', hold, true);
      return tapped;
    },
  });
}

/**
 * Once the first contentful paint (the splash, or the step without a spinner) is on screen: the paint
 * timing entry, reported at presentation (a frame callback comes before: Chrome may hold the first
 * frames of a load). Where paint timing is missing, the second frame. In a hidden tab nothing paints,
 * so the scripts start at once.
 */
function startAfterFirstPaint(start: () => void): void {
  if (document.visibilityState === 'hidden') start();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => requestAnimationFrame(start)), { once: true });
  }
}

/**
 * Picks the visitor's language as the app's i18next will (services/i18n) and preloads that language's
 * translation files, which the app then reads from the cache. When the page was prerendered in
 * another language, the prerendered markup is hidden (class `boot-translating`, styled in app.css)
 * until the app renders in the right one. Returns the language.
 */
function preloadTranslations({ prerenderedLanguage, loadingText }: BootSettings): string {
  const language = pickLanguage(languageCandidates(window));
  // The prerendered page already preloads its own language's files from a <link> in its head.
  if (language !== prerenderedLanguage) {
    for (const namespace of initialNamespaces) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      // The app reads them with fetch() (cors mode, same-origin credentials): the preload must match.
      link.crossOrigin = 'anonymous';
      link.href = `/locales/${language}/${namespace}.json`;
      document.head.appendChild(link);
    }
  }
  if (prerenderedLanguage !== undefined && prerenderedLanguage !== language) document.documentElement.classList.add('boot-translating');
  const loading = loadingText[language];
  if (loading !== undefined && language !== document.documentElement.lang) {
    // The spinner below the script is not parsed yet; its text is in the HTML's language.
    document.addEventListener('readystatechange', () => {
      const text = document.querySelector('.boot-spinner .visually-hidden');
      if (text) text.textContent = loading;
    }, { once: true });
  }
  return language;
}

/**
 * On the baseline flow's pages, the funnel flag's lookup for a visitor without a remembered variant,
 * in parallel with the app's code (services/flags/boot-flag-resolve.ts: the request Confidence's
 * provider sends, for the provider to use; its budget counts from here). The visitor cookie is created
 * here on a first visit, as the app would. When the answer (or the remembered variant) sends the
 * visitor to another flow while the root spinner still shows, the baseline step stays hidden behind
 * the spinner (`boot-translating`) until the app has rendered the visitor's flow: no flash of the
 * wrong flow. An answer after the budget counts for nothing, so it never moves anyone.
 */
function startFlagLookup(flag: BootFlagSettings): void {
  if (!looksUpFlag(location.pathname, flag)) return;
  const visitorId = ensureVisitorId(document);
  // Another flow's first step is the app's to render; until then the baseline markup stays hidden,
  // while the spinner still covers it and the app has not rendered yet (it marks `app-ready` first).
  const holdFor = (variant: string | undefined): void => {
    const flow = variant === undefined ? undefined : flag.variants[variant];
    if (flow === undefined || flow === flag.baselineFlow || performance.getEntriesByName('app-ready').length > 0) return;
    if (rootSpinnerShowing()) document.documentElement.classList.add('boot-translating');
  };
  const remembered = guarded(() => rememberedVariant(localStorage, flag.flag, visitorId));
  if (remembered !== undefined && flag.variants[remembered] !== undefined) holdFor(remembered);
  else sendBootFlagResolve(flag, visitorId).then(holdFor, () => undefined);
}

/** Whether the page is one of the baseline flow's (or `/`, which leads there), not another flow's under it. */
export function looksUpFlag(pathname: string, { basePaths, baselineFlow }: Pick<BootFlagSettings, 'basePaths' | 'baselineFlow'>): boolean {
  const path = pathname.replace(/\/+$/, '');
  const inFlow = (flow: string): boolean => {
    const base = basePaths[flow];
    return base !== undefined && (path === base || path.startsWith(`${base}/`));
  };
  return path === '' || (inFlow(baselineFlow) && !Object.keys(basePaths).some((flow) => flow !== baselineFlow && inFlow(flow)));
}

/** The root spinner still covers the page: not parsed yet (this runs in the head), or its animation (app.css) not over. */
function rootSpinnerShowing(): boolean {
  const spinner = document.querySelector('.boot-spinner');
  return spinner === null || spinner.getAnimations().some((animation) => animation.playState !== 'finished');
}
