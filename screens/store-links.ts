import configuredStoreListingIds from 'virtual:store-listings';
import type { StoreListingIds } from '../engine/store-listings';
import type { SupportedLanguage } from '../services/i18n/supported-languages';

export type { StoreListingIds };

/**
 * The ids from config/store-listings.yaml, checked at build time (engine/vite-plugin-store-listings.ts):
 * placeholders in a development build, and a production deployment build fails without the real ones.
 */
export const storeListingIds: StoreListingIds = configuredStoreListingIds;

/** Where the listing of one language lives in each store. */
interface StoreLocale {
  /** The App Store storefront (lower-case ISO country) of the language's main market. */
  readonly appStoreCountry: string;
  /** Google Play's `hl` value for the language. */
  readonly googlePlayLanguage: string;
}

// Apple selects the language through the storefront country, Google Play through `hl`. Google uses
// "no" for Norwegian Bokmål and region tags where it keeps two variants (pt-BR matches our Brazilian
// Portuguese, zh-CN our Simplified Chinese).
const storeLocales = {
  en: { appStoreCountry: 'us', googlePlayLanguage: 'en' },
  de: { appStoreCountry: 'de', googlePlayLanguage: 'de' },
  fr: { appStoreCountry: 'fr', googlePlayLanguage: 'fr' },
  es: { appStoreCountry: 'es', googlePlayLanguage: 'es' },
  it: { appStoreCountry: 'it', googlePlayLanguage: 'it' },
  pt: { appStoreCountry: 'br', googlePlayLanguage: 'pt-BR' },
  nl: { appStoreCountry: 'nl', googlePlayLanguage: 'nl' },
  sv: { appStoreCountry: 'se', googlePlayLanguage: 'sv' },
  da: { appStoreCountry: 'dk', googlePlayLanguage: 'da' },
  nb: { appStoreCountry: 'no', googlePlayLanguage: 'no' },
  fi: { appStoreCountry: 'fi', googlePlayLanguage: 'fi' },
  pl: { appStoreCountry: 'pl', googlePlayLanguage: 'pl' },
  cs: { appStoreCountry: 'cz', googlePlayLanguage: 'cs' },
  tr: { appStoreCountry: 'tr', googlePlayLanguage: 'tr' },
  ru: { appStoreCountry: 'ru', googlePlayLanguage: 'ru' },
  uk: { appStoreCountry: 'ua', googlePlayLanguage: 'uk' },
  ar: { appStoreCountry: 'sa', googlePlayLanguage: 'ar' },
  ja: { appStoreCountry: 'jp', googlePlayLanguage: 'ja' },
  ko: { appStoreCountry: 'kr', googlePlayLanguage: 'ko' },
  zh: { appStoreCountry: 'cn', googlePlayLanguage: 'zh-CN' },
} as const satisfies Record<SupportedLanguage, StoreLocale>;

export interface StoreLinks {
  /** The product language the links were built for (English when the requested one is not offered). */
  readonly language: SupportedLanguage;
  readonly appStore: string;
  readonly googlePlay: string;
}

/**
 * The App Store and Google Play listing URLs for a visitor language (`de`, `de-AT`, `pt_BR`, ...);
 * any language the product does not offer gets the English (US) listings.
 */
export function storeLinks(language: string | undefined, ids: StoreListingIds = storeListingIds): StoreLinks {
  const supported = productLanguage(language);
  const locale: StoreLocale = storeLocales[supported];
  const appStore = `https://apps.apple.com/${locale.appStoreCountry}/app/id${encodeURIComponent(ids.appStoreId)}`;
  const query = new URLSearchParams({ id: ids.googlePlayPackage, hl: locale.googlePlayLanguage });
  return { language: supported, appStore, googlePlay: `https://play.google.com/store/apps/details?${query.toString()}` };
}

/** The listings a language the product does not offer gets (this function's contract, not i18n's fallback). */
const ENGLISH: SupportedLanguage = 'en';

function productLanguage(language: string | undefined): SupportedLanguage {
  const base = (language ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return isSupported(base) ? base : ENGLISH;
}

function isSupported(language: string): language is SupportedLanguage {
  return Object.hasOwn(storeLocales, language);
}
