import type { CompiledFlow } from '../../engine/compiled-flow';
import type { PathEnvironment } from '../../engine/funnel-path';

/**
 * The calculators a flow's conditions use, and the visitor's calendar day. Loaded only for a flow
 * that names calculators (its own lazy chunk), so the spec flows' first step carries none of them.
 */
export async function loadPathEnvironment(flow: CompiledFlow): Promise<PathEnvironment> {
  if (flow.calculators === undefined || flow.calculators.length === 0) return {};
  const [{ calculators }, { calendarDayOf }] = await Promise.all([import('../../engine/calculators'), import('../../engine/daily-calorie-plan')]);
  const now = new Date();
  return { calculators, today: calendarDayOf(now.getTime(), now.getTimezoneOffset()) };
}
