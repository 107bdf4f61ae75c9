import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { storeLinks, storeListingIds, type StoreListingIds } from './store-links';

export interface StoreBadgesProps {
  /** Language of the texts and the store listings; defaults to the visitor's resolved language. */
  readonly language?: string;
  /** The app's listing ids; defaults to the configured ones in store-links.ts. */
  readonly ids?: StoreListingIds;
  readonly className?: string;
}

/**
 * App Store and Google Play badges in the visitor's language (English when the language is not
 * offered), each a link to the store listing for that language. The badges are drawn here as SVG, so
 * they need no image request and carry translated text; the link's accessible name is the translated
 * "Download on the App Store" / "Get it on Google Play", the badge image's name.
 */
export function StoreBadges({ language, ids = storeListingIds, className }: StoreBadgesProps) {
  const { t, i18n } = useTranslation('store-badges', language === undefined ? undefined : { lng: language });
  const links = storeLinks(language ?? i18n.resolvedLanguage ?? i18n.language, ids);
  const direction = i18n.dir(links.language);
  return (
    <div role="group" aria-label={t('group')} className={className} dir={direction} style={groupStyle}>
      <a href={links.appStore} rel="noopener" style={linkStyle}>
        <Badge label={t('appStore.label')} caption={t('appStore.caption')} store={t('appStore.store')} direction={direction} glyph={<AppleGlyph />} />
      </a>
      <a href={links.googlePlay} rel="noopener" style={linkStyle}>
        <Badge label={t('googlePlay.label')} caption={t('googlePlay.caption')} store={t('googlePlay.store')} direction={direction} glyph={<PlayGlyph />} />
      </a>
    </div>
  );
}

// Two badges side by side fit a 320 px phone with 20 px margins; narrower containers wrap them.
const badgeWidth = 140;
const badgeHeight = 44;
const glyphBox = 26;
const padding = 8;
const textStart = padding + glyphBox + 6;
const textRoom = badgeWidth - textStart - padding;

const groupStyle: CSSProperties = { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 };
const linkStyle: CSSProperties = { display: 'block', flex: `0 1 ${badgeWidth}px`, minWidth: 112, lineHeight: 0, borderRadius: 8 };

/**
 * The badge is an image named by the whole sentence ("Download on the App Store"), which names the link:
 * a label on the link itself would differ from the badge's two lines of text as read (WCAG 2.5.3).
 */
function Badge({ label, caption, store, direction, glyph }: { label: string; caption: string; store: string; direction: 'ltr' | 'rtl'; glyph: ReactNode }) {
  // In right-to-left languages the glyph moves to the right edge and the text starts from the right.
  const rtl = direction === 'rtl';
  const glyphX = rtl ? badgeWidth - padding - glyphBox : padding;
  const textX = rtl ? badgeWidth - textStart : textStart;
  return (
    <svg
      viewBox={`0 0 ${badgeWidth} ${badgeHeight}`}
      width="100%"
      style={{ display: 'block', height: 'auto', maxWidth: badgeWidth }}
      role="img"
      aria-label={label}
      focusable="false"
      direction={direction}
    >
      <rect x="0.5" y="0.5" width={badgeWidth - 1} height={badgeHeight - 1} rx="8" fill="#000" stroke="#a6a6a6" />
      <g transform={`translate(${glyphX} ${(badgeHeight - glyphBox) / 2})`}>{glyph}</g>
      <FittedText x={textX} y={17} size={8.5} text={caption} />
      <FittedText x={textX} y={34} size={15.5} weight={600} text={store} />
    </svg>
  );
}

/**
 * SVG text cannot wrap, and translations differ a lot in length: when the estimated width would not fit,
 * squeeze the text to the room there is (textLength) instead of letting it run off the badge.
 */
function FittedText({ x, y, size, weight = 400, text }: { x: number; y: number; size: number; weight?: number; text: string }) {
  const tooWide = estimatedWidth(text, size) > textRoom;
  return (
    <text
      x={x}
      y={y}
      fill="#fff"
      fontSize={size}
      fontWeight={weight}
      fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
      textAnchor="start"
      textLength={tooWide ? textRoom : undefined}
      lengthAdjust={tooWide ? 'spacingAndGlyphs' : undefined}
    >
      {text}
    </text>
  );
}

function estimatedWidth(text: string, size: number): number {
  let ems = 0;
  for (const character of text) {
    // CJK and Hangul glyphs are about one em wide; Latin, Cyrillic and Arabic average a little over half.
    ems += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(character) ? 1 : character === ' ' ? 0.3 : 0.6;
  }
  return ems * size;
}

/** An apple silhouette with a bite and a leaf, drawn for this badge (not Apple's artwork). */
function AppleGlyph() {
  return (
    <g fill="#fff">
      <path d="M13 8.6c-1.9-1.3-5.2-1.4-7.2.6-2.6 2.6-2.2 8 .4 12.2 1.3 2 2.8 3.6 4.6 3.1.9-.3 1.5-.6 2.3-.6.8 0 1.4.3 2.3.6 1.8.5 3.3-1 4.6-3 .8-1.2 1.3-2.3 1.6-3.3-2.3-.9-3.6-3.1-3.2-5.5.2-1.3.9-2.4 1.9-3.1-1.7-2-5-2.3-7.3-1z" />
      <path d="M12.8 7.4c-.2-2.4 1.5-4.6 3.9-5.1.3 2.5-1.5 4.7-3.9 5.1z" />
    </g>
  );
}

/** A play triangle in four colours, drawn for this badge (not Google's artwork). */
function PlayGlyph() {
  return (
    <g transform="translate(3 1)">
      <polygon points="0,0 11,12 0,24" fill="#4f8df6" />
      <polygon points="0,0 19,10.2 11,12" fill="#3bba5c" />
      <polygon points="0,24 11,12 19,13.8" fill="#ea4a3f" />
      <polygon points="11,12 19,10.2 22,12 19,13.8" fill="#fbc02d" />
    </g>
  );
}
