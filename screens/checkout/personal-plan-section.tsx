import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GenericPlan, Macros, PersonalPlan } from '../../engine/daily-calorie-plan';
import type { UnitSystem } from '../../engine/funnel-answer';
import { displayWeight, formatDay } from './plan-display';
import { WeightChart } from './weight-chart';
import './personal-plan.css';

/**
 * The top of /checkout/plans: the plan the answers made (engine/daily-calorie-plan.ts): the daily
 * calorie goal, the macro split for the nutrition goal and the projected weight with the expected date,
 * in the visitor's units and language. Without answers, the generic plan and a way to personalise it.
 */
export function PersonalPlanSection({ plan, units }: { readonly plan: PersonalPlan | GenericPlan; readonly units: UnitSystem }) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  // The language's own way of writing "68 kg" / "150 lb" (Intl's unit formatting).
  const weightFormat = new Intl.NumberFormat(language, { style: 'unit', unit: units === 'metric' ? 'kilogram' : 'pound', unitDisplay: 'short', maximumFractionDigits: 0 });
  const weight = (kg: number) => weightFormat.format(displayWeight(kg, units));
  const personal = plan.kind === 'personal';
  const reachable = personal && plan.projection.length > 1;

  return (
    <section className="personal-plan" aria-labelledby="personal-plan-heading">
      <h2 id="personal-plan-heading" className="personal-plan__heading">
        {t(personal ? 'plans.personal.heading' : 'plans.personal.genericHeading')}
      </h2>
      {personal && reachable ? (
        <p className="personal-plan__promise">
          {t('plans.personal.promise', { weight: weight(plan.goalKg), date: formatDay(plan.goalDay, language, 'long') })}
        </p>
      ) : null}
      <div className="personal-plan__figures">
        <div className="personal-plan__kcal">
          <span className="personal-plan__label" id="personal-plan-kcal">
            {t('plans.personal.dailyGoal')}
          </span>
          <strong className="personal-plan__kcal-value" aria-describedby="personal-plan-kcal">
            {t('plans.personal.kcal', { value: number.format(plan.dailyKcal) })}
          </strong>
        </div>
        <MacroBars macros={plan.macros} />
      </div>
      {personal ? (
        reachable ? (
          <WeightChart plan={plan} units={units} language={language} weight={weight} />
        ) : (
          <p className="personal-plan__note">
            {plan.direction === 'maintain' ? t('plans.personal.maintain', { weight: weight(plan.startKg) }) : t('plans.personal.safeMinimum', { kcal: number.format(plan.dailyKcal) })}
          </p>
        )
      ) : (
        <p className="personal-plan__note">
          {t('plans.personal.genericNote', { kcal: number.format(plan.dailyKcal) })} <Link to="/onboarding">{t('plans.personal.personalise')}</Link>
        </p>
      )}
      <p className="personal-plan__source">{t(personal ? 'plans.personal.source' : 'plans.personal.genericSource')}</p>
    </section>
  );
}

function MacroBars({ macros }: { readonly macros: Macros }) {
  const { t, i18n } = useTranslation('checkout');
  const number = new Intl.NumberFormat(i18n.language);
  const grams = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'gram', unitDisplay: 'short', maximumFractionDigits: 0 });
  const rows = [
    { key: 'protein', grams: macros.proteinG, percent: macros.split.protein },
    { key: 'carbs', grams: macros.carbsG, percent: macros.split.carbs },
    { key: 'fat', grams: macros.fatG, percent: macros.split.fat },
  ] as const;
  return (
    <ul className="macro-bars" aria-label={t('plans.personal.macros')}>
      {rows.map((row) => (
        <li key={row.key} className={`macro-bars__row macro-bars__row--${row.key}`}>
          <span className="macro-bars__name">{t(`plans.personal.${row.key}`)}</span>
          <span className="macro-bars__value">
            {grams.format(row.grams)} <span className="macro-bars__percent">({number.format(row.percent)} %)</span>
          </span>
          <span className="macro-bars__track" aria-hidden="true">
            <span className="macro-bars__fill" style={{ inlineSize: `${row.percent}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}
