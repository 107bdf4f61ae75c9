import { KILOGRAMS_PER_POUND } from '../../engine/answer-storage';
import type { CalendarDay } from '../../engine/daily-calorie-plan';
import type { UnitSystem } from '../../engine/funnel-answer';

/** Weight in the visitor's unit, whole numbers (what a scale shows). */
export function displayWeight(kg: number, units: UnitSystem): number {
  return Math.round(units === 'metric' ? kg : kg / KILOGRAMS_PER_POUND);
}

/** A calendar day as the visitor's language writes it; UTC so the day never moves with the time zone. */
export function formatDay(day: CalendarDay, language: string, style: 'long' | 'short'): string {
  const [year, month, date] = day.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = style === 'long' ? { dateStyle: 'long', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1));
}
