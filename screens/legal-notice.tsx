import { useTranslation } from 'react-i18next';
import { splitTaggedText } from './tagged-text';
import './legal-notice.css';
import { useConsentArea } from './areas/area-contexts';

/**
 * The consent sentence ad platforms and the GDPR expect where a visitor starts and where they give
 * their e-mail: links to the Terms of Use and the Privacy Policy (URLs from the build's configuration,
 * services/legal/legal-links.ts), opened in a new tab so the funnel keeps its place. Beside it the
 * cookie settings, where the visitor changes their consent answer (withdrawing must be as easy as
 * giving it): the consent notice shows again, with the focus on its question.
 */
export function LegalNotice({ at }: { readonly at: 'start' | 'signUp' }) {
  const { legalLinks, consent } = useConsentArea();
  const { t } = useTranslation('common');
  const hrefs: Readonly<Record<string, string>> = { terms: legalLinks.termsUrl, privacy: legalLinks.privacyUrl };
  const runs = splitTaggedText(t(at === 'start' ? 'legal.start' : 'legal.signUp'));
  return (
    <p className="legal-notice">
      {runs.map(({ tag, text }, index) => {
        const href = tag === undefined ? undefined : hrefs[tag];
        return href === undefined ? (
          text
        ) : (
          <a key={index} href={href} target="_blank" rel="noopener noreferrer">
            {text}
          </a>
        );
      })}{' '}
      <button type="button" className="legal-notice__settings" data-consent-settings="" onClick={consent.reopen}>
        {t('legal.cookieSettings')}
      </button>
    </p>
  );
}
