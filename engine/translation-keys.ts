import type { OptionDefinition, StepDefinition } from './flow-schema.ts';

/**
 * The translation keys a step uses, by convention unless the YAML overrides them (shared by the
 * verifier and the compiler so both agree on what must exist).
 */
export function translationKeys(stepId: string, step: StepDefinition): { heading: string; subheading?: string; info?: string } {
  const heading = step.heading ?? `onboarding:steps.${stepId}.heading`;
  const info = step.info === true ? `onboarding:steps.${stepId}.info` : typeof step.info === 'string' ? step.info : undefined;
  return {
    heading,
    ...(step.subheading === undefined ? {} : { subheading: step.subheading }),
    ...(info === undefined ? {} : { info }),
  };
}

/** `onboarding:options.<set>.<value>` unless the option names its own label key. */
export function optionLabelKey(setName: string, option: OptionDefinition): string {
  return option.label ?? `onboarding:options.${setName}.${option.value}`;
}
