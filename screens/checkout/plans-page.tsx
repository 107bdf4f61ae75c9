import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData, useNavigation, useSubmit } from 'react-router';
import { checkoutMachine, countdownSeconds, formatCountdown } from '../../engine/checkout-machine';
import { formatMoney, offeredPlan, type PlanId } from '../../engine/plan-pricing';
import { usePageArea, useCheckoutArea } from '../areas/area-contexts';
import socialProof, { testimonials } from 'virtual:social-proof';
import { AwardBadges } from '../award-badges';
import { StarRating } from '../star-rating';
import { TestimonialCard } from '../testimonial-card';
import { FaqItem } from './faq-item';
import { OfferDialog } from './offer-dialog';
import { PersonalPlanSection } from './personal-plan-section';
import { PLAN_FIELDS, type PlansActionData } from './plans-action';
import type { PlansLoaderData } from './plans-loader';
import { PlanSelector } from './plan-selector';
import './plans-page.css';
import '../form-feedback.css';

const BENEFITS = ['goals', 'logging', 'progress', 'recipes'] as const;
const FAQ = ['whatCanIDo', 'access', 'cancel'] as const;

/**
 * /checkout/plans. Each load starts a new checkout machine (the key), so the selection is the paywall's
 * preselected plan again after every load (spec: weekly). The paywall (config/paywalls.yaml) also
 * orders the cards, marks the most popular one and times the countdown and the offer.
 */
export function PlansPage() {
  const data = useLoaderData<PlansLoaderData>();
  return <PlansView key={data.loadId} data={data} />;
}

function PlansView({ data }: { readonly data: PlansLoaderData }) {
  const { t, i18n } = useTranslation('checkout');
  const pageArea = usePageArea();
  const checkoutArea = useCheckoutArea();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<PlansActionData | undefined>();
  const { plans, paywall } = data;
  const actor = useActorRef(checkoutMachine, {
    input: {
      now: data.now,
      countdownStartedAt: data.countdownStartedAt,
      offerShownBefore: data.offerShownBefore,
      preselected: paywall.preselected,
      countdownMs: paywall.countdownMs,
      offerDelayMs: paywall.offerDelayMs,
    },
  });
  const selected = useSelector(actor, (snapshot) => snapshot.context.selectedPlan);
  const busy = useSelector(actor, (snapshot) => !snapshot.matches({ purchase: 'plans' }));
  const submitError = useSelector(actor, (snapshot) => snapshot.context.submitError);
  const offerOpen = useSelector(actor, (snapshot) => snapshot.matches({ offer: 'open' }));
  const seconds = useSelector(actor, (snapshot) => countdownSeconds(snapshot.context));
  const topSelector = useRef<HTMLDivElement>(null);

  // The machine decides; the page posts the form and remembers the dialog when told to.
  useEffect(() => {
    const submitting = actor.on('submitPlan', ({ plan }) => {
      const price = offeredPlan(plans, plan);
      // The action redirects or answers an error (handled below); a throw goes to the route's error element.
      void submit(
        { [PLAN_FIELDS.plan]: plan, [PLAN_FIELDS.priceId]: price.introPriceId, [PLAN_FIELDS.currency]: plans.currency, [PLAN_FIELDS.fullPrice]: String(price.fullAmount) },
        { method: 'post' },
      );
    });
    const shown = actor.on('offerShown', () => void checkoutArea.checkout().then((checkout) => checkout.session.rememberOfferShown()));
    return () => {
      submitting.unsubscribe();
      shown.unsubscribe();
    };
  }, [actor, plans, pageArea, checkoutArea, submit]);

  // One tick a second drives the countdown and the offer's 30 s.
  useEffect(() => {
    const timer = window.setInterval(() => actor.send({ type: 'TICK', now: Date.now() }), 1000);
    return () => window.clearInterval(timer);
  }, [actor]);

  useEffect(() => {
    if (navigation.state === 'loading' && navigation.location.pathname === '/checkout/payment') actor.send({ type: 'PAYMENT_READY' });
  }, [actor, navigation]);

  useEffect(() => {
    if (actionData?.error) actor.send({ type: 'SUBMIT_FAILED', error: actionData.error });
  }, [actor, actionData]);

  const language = i18n.language;
  const select = (plan: PlanId) => actor.send({ type: 'SELECT_PLAN', plan });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const startNow = () => {
    topSelector.current?.scrollIntoView({ behavior: pageArea.prefersReducedMotion() ? 'auto' : 'smooth', block: 'center' });
    topSelector.current?.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
  };

  const continueButton = (
    <button type="submit" className="primary-button plans-page__continue" disabled={busy} aria-busy={busy}>
      {busy ? <span className="button-spinner" aria-hidden="true" /> : null}
      {busy ? t('plans.submitting') : t('plans.continue')}
    </button>
  );

  return (
    <div className="plans-page">
      {seconds > 0 ? (
        <section className="plans-banner" aria-label={t('plans.banner.label')}>
          <p className="plans-banner__note">
            {t('plans.banner.note')}{' '}
            <span className="plans-banner__timer" role="timer">
              {formatCountdown(seconds)}
            </span>
          </p>
          <button type="button" className="plans-banner__start" onClick={startNow} disabled={busy}>
            {t('plans.banner.startNow')}
          </button>
        </section>
      ) : null}
      <main className="plans-page__main">
        <h1 className="plans-page__heading">{t('plans.heading')}</h1>
        <PersonalPlanSection plan={data.personalPlan} units={data.units} />
        <p className="plans-page__subheading">{t('plans.subheading')}</p>
        <form className="plans-page__form" onSubmit={onSubmit}>
          <div ref={topSelector}>
            <PlanSelector plans={plans} order={paywall.order} mostPopular={paywall.mostPopular} selected={selected} onSelect={select} disabled={busy} legend={t('plans.chooseTop')} name="plan" language={language} />
          </div>
          <p className="plans-page__error" role="alert">
            {submitError === undefined ? '' : t(`plans.${submitError}`)}
          </p>
          {continueButton}
          <p className="plans-page__terms">
            {t(`plans.terms.${selected}`, {
              intro: formatMoney(offeredPlan(plans, selected).introAmount, plans.currency, language),
              full: formatMoney(offeredPlan(plans, selected).fullAmount, plans.currency, language),
            })}
          </p>
        </form>
        {busy ? (
          <p className="visually-hidden" role="status">
            {t('plans.submitting')}
          </p>
        ) : null}

        <section className="plans-section" aria-labelledby="plans-benefits">
          <h2 id="plans-benefits">{t('plans.benefits.heading')}</h2>
          <ul className="plans-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{t(`plans.benefits.${benefit}`)}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="plans-section plans-proof" aria-labelledby="plans-proof">
          <h2 id="plans-proof">{t('plans.proof.heading')}</h2>
          {/* The figures of config/social-proof.yaml, the same the company step shows. */}
          <p className="plans-proof__users">{t('plans.proof.users', { users: new Intl.NumberFormat(language).format(socialProof.activeSubscribers) })}</p>
          <ul className="plans-proof__stores">
            {(['appStore', 'googlePlay'] as const).map((store) => (
              <li key={store} className="plans-proof__store">
                <span className="plans-proof__store-name">{t(`common:socialProof.stores.${store}`)}</span>
                <StarRating stars={socialProof.storeRatings[store].rating} />
              </li>
            ))}
          </ul>
          <AwardBadges className="plans-proof__awards" />
        </section>

        <section className="plans-section" aria-labelledby="plans-testimonials">
          <h2 id="plans-testimonials">{t('plans.testimonials.heading')}</h2>
          <ul className="plans-testimonials">
            {testimonials.map((testimonial) => (
              <li key={testimonial.id}>
                <TestimonialCard testimonial={testimonial} units={data.units} />
              </li>
            ))}
          </ul>
        </section>

        <section className="plans-guarantee" aria-labelledby="plans-guarantee">
          <svg className="plans-guarantee__icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
            <path d="M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5l8-3z" fill="currentColor" />
            <path d="M8 12l3 3 5-6" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div>
            <h2 id="plans-guarantee">{t('payment.moneyBackTitle')}</h2>
            <p>{t('plans.guarantee')}</p>
          </div>
        </section>

        <section className="plans-section" aria-labelledby="plans-faq">
          <h2 id="plans-faq">{t('plans.faq.heading')}</h2>
          <div className="plans-faq">
            {FAQ.map((item) => (
              <FaqItem key={item} question={t(`plans.faq.${item}.question`)} answer={t(`plans.faq.${item}.answer`)} disabled={busy} />
            ))}
          </div>
        </section>

        <form className="plans-page__form plans-page__form--bottom" onSubmit={onSubmit}>
          <PlanSelector plans={plans} order={paywall.order} mostPopular={paywall.mostPopular} selected={selected} onSelect={select} disabled={busy} legend={t('plans.chooseBottom')} name="plan-bottom" language={language} />
          {continueButton}
        </form>
      </main>
      <OfferDialog
        open={offerOpen}
        price={offeredPlan(plans, selected)}
        currency={plans.currency}
        language={language}
        busy={busy}
        onClose={() => actor.send({ type: 'CLOSE_OFFER' })}
        onContinue={() => actor.send({ type: 'SUBMIT' })}
      />
    </div>
  );
}
