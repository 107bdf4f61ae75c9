import { expect, type APIRequestContext } from '@playwright/test';
import type { CompiledFlow } from '../../../engine/compiled-flow';

/** An event of Snowplow Micro's `/micro/good` (the stack answers Micro's API, issue 12 section 1). */
export interface GoodEvent {
  readonly eventType: string;
  readonly schema: string | null;
  readonly contexts: readonly string[];
  readonly event: Readonly<Record<string, unknown>> & {
    readonly page_url?: string;
    readonly page_urlpath?: string;
    readonly unstruct_event_com_nutritionfunnel_onboarding_event_1?: { readonly question: string; readonly step: number; readonly steps_total: number };
  };
}

/**
 * The collector's good events of pages whose URL carries `mark` (tests share the stack: each marks its
 * URLs with a query parameter the funnel keeps), oldest first, page pings left out.
 */
export async function collectedEvents(request: APIRequestContext, mark: string): Promise<GoodEvent[]> {
  const all = (await (await request.get('/micro/good')).json()) as GoodEvent[];
  return all.filter((event) => event.event.page_url?.includes(mark) === true && event.eventType !== 'page_ping').reverse();
}

/**
 * Issue 12 section 7: after a walk of `flow` through `visited` (step ids, as `walk` returns them), the
 * collector has, for each questionnaire step in order, its page view and then one onboarding event
 * naming the step with the progress bar's numbering. Sign-up steps are left out (their events say only
 * that the step was passed), and nothing the collector has carries the `secret` (the e-mail address).
 */
export async function expectWalkCollected(request: APIRequestContext, flow: CompiledFlow, visited: readonly string[], mark: string, secret: string): Promise<void> {
  const questionnaire = flow.steps.filter((step) => step.screen !== 'signUpEmail' && step.screen !== 'signUpPassword');
  const expected = questionnaire
    .filter((step) => visited.includes(step.id))
    .flatMap((step) => [`pv ${step.path}`, `ue ${step.id} ${questionnaire.indexOf(step) + 1}/${questionnaire.length}`]);
  const ids = new Set(questionnaire.map((step) => step.id));
  const paths = new Set(questionnaire.map((step) => step.path));
  const walked = (events: readonly GoodEvent[]): string[] =>
    events.flatMap((event) => {
      const onboarding = event.event.unstruct_event_com_nutritionfunnel_onboarding_event_1;
      if (onboarding !== undefined) return ids.has(onboarding.question) ? [`ue ${onboarding.question} ${onboarding.step}/${onboarding.steps_total}`] : [];
      const path = event.event.page_urlpath ?? '';
      return event.eventType === 'page_view' && paths.has(path) ? [`pv ${path}`] : [];
    });
  await expect.poll(async () => walked(await collectedEvents(request, mark)), { message: `${flow.id}: page views and onboarding events at the collector`, timeout: 15_000 }).toEqual(expected);
  const everything = JSON.stringify(await collectedEvents(request, mark)).toLowerCase();
  expect(everything).not.toContain(secret.toLowerCase());
  expect(everything).not.toContain(encodeURIComponent(secret).toLowerCase());
}
