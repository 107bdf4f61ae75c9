import { lazy, memo, Suspense, useEffect, useSyncExternalStore } from 'react';
import variants from 'virtual:flow-variants';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useConsentArea, useTelemetryArea } from './areas/area-contexts';

/**
 * Pages outside the funnel start analytics and error reporting this long after their content shows;
 * a funnel step starts them as soon as it has painted (FunnelStepRoute), which is sooner.
 */
export const TELEMETRY_FALLBACK_MS = 1500;

/** The consent notice is its own chunk (with its own translations), loaded only for a visitor it asks. */
const ConsentNotice = lazy(() => import('./consent-notice').then((module) => ({ default: module.ConsentNotice })));

/**
 * Root layout: the child route, and a page view on every location change (queued until the tracker
 * loads after the first paint); the consent notice while consent is asked for (decided after the
 * first paint, so never before the page it floats over). The spec's root spinner is not rendered here:
 * it is CSS in the HTML (index.html, app.css), so it runs from the first byte without waiting for
 * JavaScript, and a prerendered first step is hydrated under it instead of mounted after it.
 */
export function RootLayout() {
  const location = useLocation();
  const { recordPageView, startTelemetry } = useTelemetryArea();

  // In the funnel the step itself starts telemetry once painted (a slow first step must not compete
  // with it); route errors start it by reporting.
  const inFunnel = Object.values(variants.basePaths).some((base) => location.pathname.startsWith(base));
  useEffect(() => {
    if (inFunnel) return;
    const timer = setTimeout(startTelemetry, TELEMETRY_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [inFunnel, startTelemetry]);

  useEffect(() => {
    recordPageView(window.location.href);
  }, [location.pathname, location.search, recordPageView]);

  return (
    <>
      <Outlet />
      {/* The notice before the footer: the keyboard reaches its question right after the page's own controls. */}
      <ConsentPrompt />
      <SiteFooter />
    </>
  );
}

/**
 * Every page's footer: "Cancel contracts here" (BGB § 312k asks for it on every page of a shop that sells
 * contracts online; offered everywhere here, decision 0239). After the page, below the first screen,
 * so it never competes with a question. Memoised: nothing in it changes from step to step.
 */
const SiteFooter = memo(function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="site-footer">
      <Link to="/help-center/cancel-contracts">{t('footer.cancelContracts')}</Link>
    </footer>
  );
});

/**
 * The notice while consent is asked for. Memoised: the layout renders again on every step, the notice
 * only when the consent state changes (its render is time between a tap and the next question).
 */
const ConsentPrompt = memo(function ConsentPrompt() {
  const { consent } = useConsentArea();
  // The prerendered page is rendered without a decision; `ask` comes only after start (after hydration),
  // so the server snapshot may be the state itself: the notice is never part of the prerendered HTML.
  const consentState = useSyncExternalStore(consent.subscribe, consent.state, consent.state);
  if (consentState !== 'ask') return null;
  return (
    // Nothing while its chunk or translations load: the page under it is already usable.
    <Suspense fallback={null}>
      <ConsentNotice onChoose={consent.choose} />
    </Suspense>
  );
});
