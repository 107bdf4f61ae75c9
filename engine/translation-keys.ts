import { DEFAULT_TEXTS_NAMESPACE, type OptionDefinition, type StepDefinition } from './flow-schema.ts';

/**
 * The translation keys a step uses, by convention (in the flow's `texts` namespace) unless the YAML overrides them (shared by the
 * verifier and the compiler so both agree on what must exist).
 */
export function translationKeys(stepId: string, step: StepDefinition, texts: string = DEFAULT_TEXTS_NAMESPACE): { heading: string; subheading?: string; info?: string } {
  const heading = step.heading ?? `${texts}:steps.${stepId}.heading`;
  const info = step.info === true ? `${texts}:steps.${stepId}.info` : typeof step.info === 'string' ? step.info : undefined;
  return {
    heading,
    ...(step.subheading === undefined ? {} : { subheading: step.subheading }),
    ...(info === undefined ? {} : { info }),
  };
}

/** `<texts>:options.<set>.<value>` (texts: the flow's namespace, `onboarding`) unless the option names its own label key. */
export function optionLabelKey(setName: string, option: OptionDefinition, texts: string = DEFAULT_TEXTS_NAMESPACE): string {
  return option.label ?? `${texts}:options.${setName}.${option.value}`;
}
