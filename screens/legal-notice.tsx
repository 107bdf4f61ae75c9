import { Trans } from 'react-i18next';
import { useAppServices } from './app-services-context';
import './legal-notice.css';

/**
 * The consent sentence ad platforms and the GDPR expect where a visitor starts and where they give
 * their e-mail: links to the Terms of Use and the Privacy Policy (URLs from the build's configuration,
 * services/legal/legal-links.ts), opened in a new tab so the funnel keeps its place.
 */
export function LegalNotice({ at }: { readonly at: 'start' | 'signUp' }) {
  const { legalLinks } = useAppServices();
  const link = (href: string) => <a href={href} target="_blank" rel="noopener noreferrer" />;
  return (
    <p className="legal-notice">
      <Trans i18nKey={at === 'start' ? 'common:legal.start' : 'common:legal.signUp'} components={{ terms: link(legalLinks.termsUrl), privacy: link(legalLinks.privacyUrl) }} />
    </p>
  );
}
