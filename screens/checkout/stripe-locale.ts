import type { StripeElementLocale } from '@stripe/stripe-js';

/** The product's languages Stripe's element speaks; others ('uk') let the element pick from the browser. */
const STRIPE_LOCALES: ReadonlySet<string> = new Set(['ar', 'cs', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'ja', 'ko', 'nb', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'zh']);

const isStripeLocale = (language: string): language is StripeElementLocale => STRIPE_LOCALES.has(language);

export function stripeLocale(language: string): StripeElementLocale {
  const base = language.split('-')[0] ?? language;
  return isStripeLocale(base) ? base : 'auto';
}
