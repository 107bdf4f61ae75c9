/** The product's name as the wordmark spells it (a brand name: the same in every language). */
const BRAND_NAME = 'Nutrio';

/**
 * The logo in the funnel's header: the mark (a leaf on a plate, inline SVG: no image request on the
 * first step) and the name set in the brand font's heaviest weight. The name is HTML text, not SVG
 * text, so its contrast is checkable like any other text; the whole logo is announced as the name.
 */
export function Wordmark({ className }: { readonly className?: string }) {
  return (
    <span className={className === undefined ? 'wordmark' : `wordmark ${className}`} role="img" aria-label={BRAND_NAME}>
      <svg className="wordmark__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--color-brand)" />
        <path d="M9 19.5c0-5.8 4.6-10.4 12.6-10.9-.4 7.8-4.9 12.4-10.6 12.4-.7 0-1.4-.1-2-.3" fill="#ffffff" />
        <path d="M10.4 21.6c2.3-3.6 5-6.2 8.4-8" fill="none" stroke="var(--color-brand)" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="24" cy="22.5" r="2.6" fill="var(--color-accent)" />
      </svg>
      <span className="wordmark__name" aria-hidden="true">
        {BRAND_NAME.toLowerCase()}
      </span>
    </span>
  );
}
