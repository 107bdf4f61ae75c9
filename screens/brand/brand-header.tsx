import { useTranslation } from 'react-i18next';
import { BackChevron } from './back-chevron';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { Wordmark } from './wordmark';

/**
 * Where a page's Back button leads, declared in its route's `handle`: a path (the page above it), or
 * `-1` for the previous history entry (the standalone sign-up, reached from the funnel's last step;
 * opened directly, it goes to the start). A page without one (the account's home, pages that are
 * processing a payment or a sign-up) shows no Back button, as the funnel's first step does.
 */
export interface BrandHeaderHandle {
  readonly back?: string | -1;
}

function backOf(handle: unknown): string | -1 | undefined {
  if (typeof handle !== 'object' || handle === null || !('back' in handle)) return undefined;
  const { back } = handle;
  return back === -1 || typeof back === 'string' ? back : undefined;
}

/**
 * The funnel's header for the sign-up, account and checkout pages: Back, the wordmark, and a link to
 * the help centre, so a visitor who paid or is about to can always find help and a way back.
 */
export function BrandHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useMatches().reduce<string | -1 | undefined>((found, match) => backOf(match.handle) ?? found, undefined);
  const goBack = () => {
    // `default` is the entry the app was opened on: there is no earlier page of ours to go back to.
    if (back === -1) void (location.key === 'default' ? navigate('/') : navigate(-1));
    else if (back !== undefined) void navigate(back);
  };
  return (
    <header className="brand-header">
      {back === undefined ? (
        <span className="brand-header__slot" />
      ) : (
        <button type="button" className="brand-header__button brand-header__back" onClick={goBack} aria-label={t('common:back')}>
          <BackChevron />
        </button>
      )}
      <Wordmark className="brand-header__logo" />
      <Link to="/help-center" className="brand-header__button" aria-label={t('common:helpCentre')} title={t('common:helpCentre')}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="16.9" r="1.2" fill="currentColor" />
        </svg>
      </Link>
    </header>
  );
}
