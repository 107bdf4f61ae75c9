import { useTranslation } from 'react-i18next';
import { ChoiceMark } from './choice-mark';
import { iconForGender } from '../engine/icon-for-gender';
import { OptionIcon, optionIconSize } from './option-icon';
import type { ScreenProps } from './screen-props';
import { StepInfo } from './step-info';

/**
 * A question with options that submits on pick (spec: single-choice steps submit automatically). Real
 * buttons, so Tab/Enter/Space work; the earlier pick is marked pressed when the visitor comes back.
 * Each option shows its icon from the YAML; `optionLayout: tiles` lays them out as two big tiles.
 */
export function SingleChoiceScreen({ step, headingId, previousAnswer, onAnswer, gender }: ScreenProps) {
  const { t } = useTranslation();
  const picked = previousAnswer?.kind === 'choice' ? previousAnswer.value : undefined;
  const tiles = step.optionLayout === 'tiles';
  return (
    <>
      <div className={tiles ? 'choices choices--tiles' : 'choices'} role="group" aria-labelledby={headingId}>
        {(step.options ?? []).map((option) => {
          const label = t(option.labelKey);
          const icon = iconForGender(option.icon, gender);
          const descriptionId = option.descriptionKey ? `${step.id}-${option.value}-description` : undefined;
          return (
            <button
              key={option.value}
              type="button"
              className="choice"
              aria-pressed={option.value === picked}
              aria-describedby={descriptionId}
              onClick={() => onAnswer({ kind: 'choice', value: option.value })}
            >
              {icon ? (
                <span className="choice__icon">
                  <OptionIcon name={icon} size={optionIconSize(step.optionLayout)} />
                </span>
              ) : null}
              <span className="choice__text">
                <span className="choice__label">{label}</span>
                {option.descriptionKey ? (
                  // Hidden from the name computed from the content, so the name is the label alone (no
                  // aria-label that would differ from the visible text: WCAG 2.5.3); announced as the
                  // button's description through aria-describedby instead.
                  <span id={descriptionId} className="choice__description" aria-hidden="true">
                    {t(option.descriptionKey)}
                  </span>
                ) : null}
              </span>
              <ChoiceMark />
            </button>
          );
        })}
      </div>
      <StepInfo step={step} />
    </>
  );
}
