import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { discountPercent, formatMoney, formatPerDay, offeredPlan, type CheckoutPlans, type PlanId } from '../../engine/plan-pricing';

export interface PlanSelectorProps {
  readonly plans: CheckoutPlans;
  /** The cards in the paywall's order. */
  readonly order: readonly PlanId[];
  /** The paywall's "Most popular" card, if any. */
  readonly mostPopular: PlanId | undefined;
  readonly selected: PlanId;
  readonly onSelect: (plan: PlanId) => void;
  readonly disabled: boolean;
  /** The group's visible name ("Choose your plan"). */
  readonly legend: string;
  /** The radio inputs' name: each selector on the page has its own, so both can show the same choice. */
  readonly name: string;
  readonly language: string;
}

/**
 * The plan cards as one radio group (native radios: arrow keys move the choice, the browser announces
 * "1 of 2"). Each card's accessible name is the plan's name; its prices are its description. The
 * selection is the checkout machine's, so every selector on the page shows the same plan.
 */
export function PlanSelector({ plans, order, mostPopular, selected, onSelect, disabled, legend, name, language }: PlanSelectorProps) {
  const { t } = useTranslation('checkout');
  const idBase = useId();
  return (
    <fieldset className="plan-selector" disabled={disabled}>
      <legend className="plan-selector__legend">{legend}</legend>
      {order.map((plan) => {
        const price = offeredPlan(plans, plan);
        const nameId = `${idBase}-${plan}-name`;
        const pricesId = `${idBase}-${plan}-prices`;
        const full = formatMoney(price.fullAmount, plans.currency, language);
        const intro = formatMoney(price.introAmount, plans.currency, language);
        const discount = discountPercent(price);
        return (
          <label key={plan} className="plan-card" data-selected={selected === plan}>
            <input
              type="radio"
              className="plan-card__radio"
              name={name}
              value={plan}
              checked={selected === plan}
              onChange={() => onSelect(plan)}
              aria-labelledby={nameId}
              aria-describedby={pricesId}
            />
            {plan === mostPopular ? <span className="plan-card__popular">{t('plans.mostPopular')}</span> : null}
            <span className="plan-card__main">
              <span className="plan-card__name" id={nameId}>
                {t(`payment.plans.${plan}`)}
              </span>
              <span className="plan-card__prices" id={pricesId}>
                <span className="plan-card__full">
                  <span className="visually-hidden">{t('plans.regularPrice')} </span>
                  <s>{full}</s>
                </span>{' '}
                <span className="plan-card__intro">{t(`plans.intro.${plan}`, { price: intro })}</span>
                {discount > 0 ? <span className="plan-card__discount">{t('plans.discount', { percent: discount })}</span> : null}
                <span className="visually-hidden">{t('plans.perDayLong', { price: formatPerDay(price, plans.currency, language) })}</span>
              </span>
            </span>
            <span className="plan-card__per-day" aria-hidden="true">
              <span className="plan-card__per-day-amount">{formatPerDay(price, plans.currency, language)}</span>
              <span className="plan-card__per-day-unit">{t('plans.perDay')}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
