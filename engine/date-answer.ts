import type { CompiledStep } from './compiled-flow.ts';
import type { CalendarDay } from './daily-calorie-plan.ts';
import type { RelativeDay } from './flow-schema.ts';

/** Why a date answer is refused: none picked, not a calendar day, or outside the step's range. */
export type DateProblem = 'blank' | 'invalid' | 'tooEarly' | 'tooLate';

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as UTC year, month (0-based) and day, or undefined for text that is no real calendar day (2025-02-30). */
function parseDay(day: string): { readonly year: number; readonly month: number; readonly date: number } | undefined {
  const match = dayPattern.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const check = new Date(Date.UTC(year, month, date));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month && check.getUTCDate() === date ? { year, month, date } : undefined;
}

function formatDay(year: number, month: number, date: number): CalendarDay {
  return new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
}

/**
 * `today` moved by a relative day: years and months first (the day of the month kept, or the month's
 * last day when it has fewer: 29 Feb minus a year is 28 Feb), then days. Undefined for a malformed today.
 */
export function shiftDay(today: CalendarDay, by: RelativeDay): CalendarDay | undefined {
  const start = parseDay(today);
  if (!start) return undefined;
  const months = start.month + (by.years ?? 0) * 12 + (by.months ?? 0);
  const year = start.year + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDate = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatDay(year, month, Math.min(start.date, lastDate) + (by.days ?? 0));
}

/** The first and last day a date step accepts on `today` (its `dateRange`), undefined without one. */
export function dateBounds(step: CompiledStep, today: CalendarDay): { readonly earliest: CalendarDay; readonly latest: CalendarDay } | undefined {
  if (step.dateRange === undefined) return undefined;
  const earliest = shiftDay(today, step.dateRange.earliest);
  const latest = shiftDay(today, step.dateRange.latest);
  return earliest === undefined || latest === undefined ? undefined : { earliest, latest };
}

/**
 * What is wrong with a picked day, or undefined when the machine may accept it. Without `today` (a
 * flow whose environment gives none) only the calendar is checked.
 */
export function dateAnswerProblem(step: CompiledStep, value: string, today: CalendarDay | undefined): DateProblem | undefined {
  if (value.trim() === '') return 'blank';
  if (parseDay(value) === undefined) return 'invalid';
  const bounds = today === undefined ? undefined : dateBounds(step, today);
  // YYYY-MM-DD strings compare as days.
  if (bounds && value < bounds.earliest) return 'tooEarly';
  if (bounds && value > bounds.latest) return 'tooLate';
  return undefined;
}
