import { createContext, Script } from 'node:vm';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { looksUpFlag, type BootSettings } from '../../../screens/boot/boot-script';
import { EARLY_TAP_KEY } from '../../../screens/boot/early-tap';
import { languageOptions } from '../../../services/i18n/create-i18n';
import { pickLanguage } from '../../../services/i18n/pick-language';
import { supportedLanguages } from '../../../services/i18n/supported-languages';
import { bootScriptSource } from '../../../tooling/boot-script-source';

/** What i18next itself settles on for these candidates, with the app's options (create-i18n.ts). */
async function i18nextLanguage(candidates: readonly string[]): Promise<string | undefined> {
  const instance = i18next.createInstance();
  instance.use({ type: 'languageDetector', detect: () => [...candidates] });
  const resources = Object.fromEntries(supportedLanguages.map((language) => [language, { common: { loading: language } }]));
  await instance.init({ ...languageOptions, resources, ns: ['common'], defaultNS: 'common' });
  return instance.resolvedLanguage;
}

describe('the boot script\'s language is the one i18next picks (services/i18n/pick-language.ts)', () => {
  const table: readonly (readonly string[])[] = [
    ['de-DE', 'de'],
    ['fr'],
    ['pt-BR', 'en-US'],
    ['xx', 'nb-NO'],
    ['no', 'sv-SE'],
    ['zh-Hant-TW'],
    ['EN-gb'],
    ['de_AT'],
    ['ja-JP', 'ar'],
    ['xx-YY'],
    [],
  ];
  for (const candidates of table) {
    it(JSON.stringify(candidates), async () => {
      expect(pickLanguage(candidates)).toBe(await i18nextLanguage(candidates));
    });
  }
});

describe('where the boot script looks the flag up (looksUpFlag)', () => {
  const flag = { baselineFlow: 'default', basePaths: { default: '/onboarding', v1: '/onboarding/v1', v2: '/onboarding/v2' } };
  it.each([
    ['/', true],
    ['/onboarding', true],
    ['/onboarding/', true],
    ['/onboarding/gender', true],
    ['/onboarding/v1', false],
    ['/onboarding/v1/gender', false],
    ['/onboarding/v2/goal', false],
    ['/onboardingx', false],
    ['/account/sign-in', false],
  ])('%s: %s', (path, expected) => {
    expect(looksUpFlag(path, flag)).toBe(expected);
  });
});

const settings: BootSettings = {
  prerenderedLanguage: 'en',
  loadingText: { en: 'Loading…', de: 'Wird geladen …' },
  afterPaintAttribute: 'data-after-paint',
  flag: {
    resolveUrl: '/confidence/v1/flags:resolve',
    clientSecret: 'secret',
    flag: 'cc-feedback-redesign',
    variants: { baseline: 'default', 'feedback-v1': 'v1' },
    baselineFlow: 'default',
    basePaths: { default: '/onboarding', v1: '/onboarding/v1' },
  },
};

/**
 * A prerendered page as far as the boot script touches it, without a DOM: one held module script, and
 * no PerformanceObserver (old browsers, some webviews). `breaks` lists what throws when touched.
 */
function prerenderedPage(breaks: { cookie?: boolean; crypto?: boolean; storage?: boolean; listeners?: boolean; paintTiming?: boolean; firstTag?: boolean } = {}) {
  const appended: Record<string, unknown>[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const fail = (): never => {
    throw new Error('refused');
  };
  const held = { tagName: 'SCRIPT', getAttribute: (name: string) => (name === 'src' ? '/assets/index-abc.js' : name === settings.afterPaintAttribute ? 'module' : null) };
  // A tag the browser refuses to read, before the entry's.
  const refused = { tagName: 'LINK', getAttribute: fail };
  const page: Record<string, unknown> = {
    document: {
      readyState: 'complete',
      visibilityState: 'visible',
      get cookie() {
        return breaks.cookie ? fail() : '';
      },
      set cookie(_value: string) {
        if (breaks.cookie) fail();
      },
      documentElement: { lang: 'en', getAttribute: () => 'en', classList: { add: () => undefined } },
      addEventListener: () => (breaks.listeners ? fail() : undefined),
      querySelectorAll: () => (breaks.firstTag ? [refused, held] : [held]),
      querySelector: () => null,
      createElement: (tagName: string) => ({ tagName }),
      head: { appendChild: (element: Record<string, unknown>) => void appended.push(element) },
    },
    location: { pathname: '/onboarding/gender', search: '', protocol: 'https:' },
    navigator: { languages: ['en-US'], language: 'en-US' },
    get localStorage() {
      return breaks.storage ? fail() : { getItem: () => null, setItem: () => undefined };
    },
    get sessionStorage() {
      return breaks.storage ? fail() : { getItem: () => null };
    },
    crypto: breaks.crypto ? {} : { randomUUID: () => 'a-visitor' },
    setTimeout: (run: () => void, ms: number) => void timers.push({ run, ms }),
    clearTimeout: () => undefined,
    fetch: () => new Promise(() => undefined),
    // The boot script's tap listener checks `instanceof Element`; nothing is tapped here.
    Element: Object,
    // Paint timing listed, but the observer cannot be made (so the paint is never reported).
    ...(breaks.paintTiming ? { PerformanceObserver: Object.assign(fail, { supportedEntryTypes: ['paint'] }) } : {}),
  };
  page.window = page;
  return { page, appended, timers };
}

describe('the inline script (tooling/boot-script-source.ts)', () => {
  const source = bootScriptSource(settings);

  it('is one classic script, nothing that closes the element early, small', () => {
    expect(() => new Script(source)).not.toThrow();
    expect(source).not.toMatch(/^\s*(import|export)\b/m);
    expect(source).not.toContain('</');
    // Reported in docs/decisions/0081-boot-script-built-from-modules.md: it is in every page's first bytes.
    expect(Buffer.byteLength(source)).toBeLessThan(6500);
  });

  for (const breaks of [{}, { cookie: true, crypto: true, storage: true }]) {
    it(`without PerformanceObserver, a prerendered page still starts its app${Object.keys(breaks).length > 0 ? ', even when cookies, storage and crypto throw' : ''}`, () => {
      const { page, appended, timers } = prerenderedPage(breaks);
      new Script(source).runInContext(createContext(page));
      expect(appended.filter((element) => element.tagName === 'script')).toEqual([]);
      expect(Reflect.has(page, EARLY_TAP_KEY)).toBe(true);
      // The fallback: the second frame needs a DOMContentLoaded this stand-in never fires; the timer starts it.
      for (const timer of timers.filter(({ ms }) => ms === 1000)) timer.run();
      expect(appended.filter((element) => element.tagName === 'script')).toEqual([{ tagName: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc.js' }]);
    });
  }

  // The fallback timer is set in a `finally`: an exception while listening for the paint or the tap
  // cannot skip it, and a refused tag does not keep the entry from starting.
  for (const breaks of [{ listeners: true }, { paintTiming: true }, { firstTag: true }]) {
    it(`the fallback still starts the app when ${Object.keys(breaks).join(', ')} throws`, () => {
      const { page, appended, timers } = prerenderedPage(breaks);
      new Script(source).runInContext(createContext(page));
      expect(appended.filter((element) => element.tagName === 'script')).toEqual([]);
      // The fallback: the second frame needs a DOMContentLoaded this stand-in never fires; the timer starts it.
      for (const timer of timers.filter(({ ms }) => ms === 1000)) timer.run();
      expect(appended.filter((element) => element.tagName === 'script')).toEqual([{ tagName: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc.js' }]);
    });
  }
});
