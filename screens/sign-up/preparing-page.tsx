import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFunnelArea } from '../areas/area-contexts';

/** Spec section 9: a new message every 2333 ms, and /checkout/plans after 7000 ms. */
export const PREPARING_MESSAGE_INTERVAL_MS = 2333;
export const PREPARING_REDIRECT_MS = 7000;

const messageKeys = ['preparing.messages.calorieGoal', 'preparing.messages.progress', 'preparing.messages.finishingTouches'] as const;

/**
 * /sign-up/preparing: "We're creating your plan..." with three messages that advance every 2333 ms and
 * stop at the last (no wrapping), then checkout after 7 s, query string kept. The message is a polite live region, so
 * screen readers hear each one.
 */
export function PreparingPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  // Every hop keeps the query string: ad parameters (utm_*, fbclid, lng) must reach checkout.
  const { search } = useLocation();
  const [index, setIndex] = useState(0);
  const funnelArea = useFunnelArea();

  // The plans page comes next and prices in the visitor's currency: look the location up during the
  // 7 s wait (it is cached for the session, so the plans loader then reads it without a request).
  useEffect(() => void funnelArea.productApi().then((api) => api.location.location()).catch(() => undefined), [funnelArea]);

  useEffect(() => {
    const interval = setInterval(() => {
      setIndex((current) => {
        const next = Math.min(current + 1, messageKeys.length - 1);
        if (next === messageKeys.length - 1) clearInterval(interval);
        return next;
      });
    }, PREPARING_MESSAGE_INTERVAL_MS);
    // Replace: going back from checkout should not replay the wait.
    const redirect = setTimeout(() => void navigate(`/checkout/plans${search}`, { replace: true }), PREPARING_REDIRECT_MS);
    return () => {
      clearInterval(interval);
      clearTimeout(redirect);
    };
  }, [navigate, search]);

  return (
    <main className="account-page">
      <div className="preparing">
        <span className="inline-spinner" aria-hidden="true" />
        <h1>{t('preparing.heading')}</h1>
        <p className="preparing__message" role="status" aria-live="polite">
          {t(messageKeys[index] ?? messageKeys[0])}
        </p>
      </div>
    </main>
  );
}
