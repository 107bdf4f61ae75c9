import type { CompiledFlow } from '../../engine/compiled-flow';
import type { PathEnvironment } from '../../engine/funnel-path';

/**
 * The calculators a flow's conditions use, and the visitor's calendar day (also for a flow with date
 * steps: their range is relative to it). Loaded only for a flow that names calculators or asks a date
 * (its own lazy chunk), so the spec flows' first step carries none of them.
 */
export async function loadPathEnvironment(flow: CompiledFlow): Promise<PathEnvironment> {
  const calculatorsUsed = flow.calculators !== undefined && flow.calculators.length > 0;
  if (!calculatorsUsed) {
    if (!flow.steps.some((step) => step.screen === 'date')) return {};
    const { calendarDayOf } = await import('../../engine/daily-calorie-plan');
    const now = new Date();
    return { today: calendarDayOf(now.getTime(), now.getTimezoneOffset()) };
  }
  const [{ calculators }, { calendarDayOf }] = await Promise.all([import('../../engine/calculators'), import('../../engine/daily-calorie-plan')]);
  const now = new Date();
  return { calculators, today: calendarDayOf(now.getTime(), now.getTimezoneOffset()) };
}
