import type { CompiledIcon } from './compiled-flow.ts';

/**
 * The icon a visitor sees: the shared one, or the one of the stored gender answer (female when there is
 * none yet or it is anything else, as the v2 backgrounds do).
 */
export function iconForGender(icon: CompiledIcon | undefined, gender: string | null | undefined): string | undefined {
  if (icon === undefined || typeof icon === 'string') return icon;
  return gender === 'male' ? icon.male : icon.female;
}

/** Whether the icon a visitor sees depends on the stored gender answer (one icon per gender). */
export function iconDependsOnGender(icon: CompiledIcon | undefined): boolean {
  return icon !== undefined && typeof icon !== 'string';
}
