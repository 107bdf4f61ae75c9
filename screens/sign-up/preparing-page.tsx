import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { initialUnitSystem } from '../../engine/answer-storage';
import { testimonials } from 'virtual:social-proof';
import { useFunnelArea } from '../areas/area-contexts';
import { TestimonialCard } from '../testimonial-card';
import './preparing-page.css';
import { PREPARING_TIMING } from './preparing-timing';

const { messageIntervalMs: PREPARING_MESSAGE_INTERVAL_MS, redirectMs: PREPARING_REDIRECT_MS } = PREPARING_TIMING;

const messageKeys = ['preparing.messages.calorieGoal', 'preparing.messages.progress', 'preparing.messages.finishingTouches'] as const;

/**
 * /sign-up/preparing: "We're creating your plan..." with three messages that advance every 2333 ms and
 * stop at the last (no wrapping), then checkout after 7 s, query string kept. The message is a polite live region, so
 * screen readers hear each one (three announcements in all). A progress bar fills over the 7 s (its
 * value steps with the messages; with reduced motion it only steps), and each message shows one
 * testimonial of config/social-proof.yaml, in the visitor's units.
 */
export function PreparingPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  // Every hop keeps the query string: ad parameters (utm_*, fbclid, lng) must reach checkout.
  const { search } = useLocation();
  const [index, setIndex] = useState(0);
  const funnelArea = useFunnelArea();
  const units = initialUnitSystem(undefined, funnelArea.funnelStorage.read('useMetricOrImperial'), funnelArea.browserLanguage());
  const testimonial = testimonials[index % testimonials.length];
  const percent = Math.round(((index + 1) / messageKeys.length) * 100);

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
        <h1 id="preparing-heading">{t('preparing.heading')}</h1>
        <div className="preparing__progress" role="progressbar" aria-labelledby="preparing-heading" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="preparing__progress-fill" data-stage={index + 1} style={{ animationDuration: `${PREPARING_REDIRECT_MS}ms` }} />
        </div>
        <p className="preparing__message" role="status" aria-live="polite">
          {t(messageKeys[index] ?? messageKeys[0])}
        </p>
        {testimonial === undefined ? null : (
          // A new person with each message; not a live region: the message is what is announced.
          <div className="preparing__testimonial" key={testimonial.id}>
            {/* Its words are in the checkout texts, loaded meanwhile: the wait and its timers never wait for them. */}
            <Suspense fallback={null}>
              <TestimonialCard testimonial={testimonial} units={units} />
            </Suspense>
          </div>
        )}
      </div>
    </main>
  );
}

