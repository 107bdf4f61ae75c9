import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportedLanguages } from '../../../services/i18n/supported-languages';
import { StoreBadges } from '../../../screens/store-badges';
import { storeLinks } from '../../../screens/store-links';

interface BadgeTexts {
  readonly group: string;
  readonly appStore: { readonly caption: string; readonly store: string; readonly label: string };
  readonly googlePlay: { readonly caption: string; readonly store: string; readonly label: string };
}

function texts(language: string): BadgeTexts {
  // Parsed boundary: the file's shape is what the component reads with t().
  const data: BadgeTexts = JSON.parse(readFileSync(join('public/locales', language, 'store-badges.json'), 'utf8'));
  return data;
}

let instance: i18n;
beforeAll(async () => {
  instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['store-badges'],
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(supportedLanguages.map((language) => [language, { 'store-badges': texts(language) }])),
    react: { useSuspense: false },
  });
});

interface RenderedLink {
  readonly href: string;
  readonly label: string;
  readonly svg: string;
}

function render(language?: string): { html: string; links: RenderedLink[] } {
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: instance }, createElement(StoreBadges, language === undefined ? {} : { language })),
  );
  // A link's accessible name is its badge image's: the svg's role="img" and aria-label.
  const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>(<svg[^>]* role="img" aria-label="([^"]*)"[^>]*>.*?<\/svg>)<\/a>/g)].map((match) => ({
    href: decode(match[1] ?? ''),
    label: decode(match[3] ?? ''),
    svg: decode(match[2] ?? ''),
  }));
  return { html, links };
}

function decode(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

describe('StoreBadges', () => {
  it.each([...supportedLanguages])('renders both badges in %s, linking to that language’s listings', (language) => {
    const { links } = render(language);
    const expected = texts(language);
    const urls = storeLinks(language);
    expect(links.map((link) => [link.href, link.label])).toEqual([
      [urls.appStore, expected.appStore.label],
      [urls.googlePlay, expected.googlePlay.label],
    ]);
    expect(links[0]?.svg).toContain(`>${expected.appStore.caption}</text>`);
    expect(links[0]?.svg).toContain(`>${expected.appStore.store}</text>`);
    expect(links[1]?.svg).toContain(`>${expected.googlePlay.caption}</text>`);
    expect(links[1]?.svg).toContain(`>${expected.googlePlay.store}</text>`);
  });

  it('follows the visitor’s language when none is given', async () => {
    await instance.changeLanguage('de');
    try {
      const { links } = render();
      expect(links.map((link) => link.label)).toEqual(['Laden im App Store', 'Jetzt bei Google Play']);
      expect(links[0]?.href).toBe(storeLinks('de').appStore);
    } finally {
      await instance.changeLanguage('en');
    }
  });

  it('falls back to English texts and US listings for a language the product does not offer', () => {
    const { links } = render('sw');
    expect(links.map((link) => [link.href, link.label])).toEqual([
      [storeLinks('en').appStore, 'Download on the App Store'],
      [storeLinks('en').googlePlay, 'Get it on Google Play'],
    ]);
  });

  it('lays Arabic out right to left with the glyph on the right', () => {
    const arabic = render('ar');
    const english = render('en');
    expect(arabic.html).toMatch(/^<div role="group" aria-label="حمّل التطبيق"[^>]* dir="rtl"/);
    expect(english.html).toMatch(/^<div role="group" aria-label="Get the app"[^>]* dir="ltr"/);
    const glyphX = (svg: string): number => Number(/<g transform="translate\(([\d.]+) /.exec(svg)?.[1]);
    expect(glyphX(arabic.links[0]?.svg ?? '')).toBeGreaterThan(100);
    expect(glyphX(english.links[0]?.svg ?? '')).toBeLessThan(20);
  });

  it('squeezes text that would overflow the badge instead of letting it run off', () => {
    const english = texts('en');
    instance.addResourceBundle('qps', 'store-badges', {
      ...english,
      appStore: { ...english.appStore, caption: 'A caption far longer than the badge has room for' },
    });
    const squeezed = render('qps').links[0]?.svg ?? '';
    expect(squeezed).toMatch(/textLength="(\d+)" lengthAdjust="spacingAndGlyphs">A caption far longer/);
    expect(render('en').links[0]?.svg).toMatch(/<text [^>]*font-size="8.5"[^>]*>Download on the</);
    expect(render('en').links[0]?.svg).not.toMatch(/textLength="\d+" lengthAdjust="spacingAndGlyphs">Download on the/);
  });
});

describe('store badge texts', () => {
  it.each([...supportedLanguages])('%s: the accessible name contains the visible text (WCAG 2.5.3)', (language) => {
    const { appStore, googlePlay } = texts(language);
    for (const badge of [appStore, googlePlay]) {
      const name = badge.label.toLocaleLowerCase(language);
      expect(name).toContain(badge.caption.trim().toLocaleLowerCase(language));
      expect(name).toContain(badge.store.toLocaleLowerCase(language));
    }
  });

  it.each(supportedLanguages.filter((language) => language !== 'en'))('%s is translated, not English copied', (language) => {
    const english = texts('en');
    const translated = texts(language);
    expect(translated.group).not.toBe(english.group);
    expect(translated.appStore.label).not.toBe(english.appStore.label);
    expect(translated.googlePlay.label).not.toBe(english.googlePlay.label);
  });
});
