import { describe, expect, it } from 'vitest';
import { buildFunnelReport, median, type FunnelSignal, type ReportFlow } from '../../../engine/funnel-report';

const flows: ReportFlow[] = [
  { id: 'default', steps: [{ id: 'gender', path: '/onboarding/gender' }, { id: 'company', path: '/onboarding/company' }, { id: 'age', path: '/onboarding/age' }] },
  { id: 'v1', steps: [{ id: 'gender', path: '/onboarding/v1/gender' }, { id: 'age', path: '/onboarding/v1/age' }] },
];
const pv = (visitor: string, path: string, at: number, language = 'en'): FunnelSignal => ({ visitor, kind: 'page_view', path, language, at: at * 1000 });
const answer = (visitor: string, path: string, question: string, at: number, language = 'en'): FunnelSignal => ({ visitor, kind: 'onboarding_event', path, question, language, at: at * 1000 });

describe('buildFunnelReport', () => {
  it('counts reach, drop-off and median time per step and variant, and splits by language', () => {
    const signals = [
      // a: finishes default (4 s, 6 s, 2 s on the steps).
      pv('a', '/onboarding/gender', 0), answer('a', '/onboarding/gender', 'gender', 4), pv('a', '/onboarding/company', 4),
      answer('a', '/onboarding/company', 'company', 10), pv('a', '/onboarding/age', 10), answer('a', '/onboarding/age', 'age', 12),
      // b (German): answers gender after 8 s, leaves on company.
      pv('b', '/onboarding/gender', 100, 'de'), answer('b', '/onboarding/gender', 'gender', 108, 'de'), pv('b', '/onboarding/company', 108, 'de'),
      // c: leaves on gender without answering; a reload's second page view does not count twice.
      pv('c', '/onboarding/gender', 200), pv('c', '/onboarding/gender/', 230),
      // d: v1, answers gender after 3 s, then no answer on age but a later page view of the same step.
      pv('d', '/onboarding/v1/gender', 300), answer('d', '/onboarding/v1/gender', 'gender', 303), pv('d', '/onboarding/v1/age', 303),
      // Pages outside the flows are ignored.
      pv('e', '/account/sign-in', 400),
    ];
    // Arrival order must not matter: the report orders by time.
    const report = buildFunnelReport(flows, [...signals].reverse());
    const row = (flowId: string, language: string) => report.variants.find((v) => v.flowId === flowId && v.language === language);

    expect(row('default', 'all')).toEqual({
      flowId: 'default',
      language: 'all',
      visitors: 3,
      finished: 1,
      steps: [
        { stepId: 'gender', position: 1, reached: 3, droppedOff: 1, dropOffRate: 1 / 3, medianSecondsOnStep: 6 },
        { stepId: 'company', position: 2, reached: 2, droppedOff: 1, dropOffRate: 0.5, medianSecondsOnStep: 6 },
        { stepId: 'age', position: 3, reached: 1, droppedOff: 0, dropOffRate: 0, medianSecondsOnStep: 2 },
      ],
    });
    expect(row('v1', 'all')?.steps).toEqual([
      { stepId: 'gender', position: 1, reached: 1, droppedOff: 0, dropOffRate: 0, medianSecondsOnStep: 3 },
      { stepId: 'age', position: 2, reached: 1, droppedOff: 1, dropOffRate: 1, medianSecondsOnStep: null },
    ]);
    expect(report.languages).toEqual(['de', 'en']);
    expect(row('default', 'de')?.steps.map((s) => [s.reached, s.droppedOff])).toEqual([[1, 0], [1, 1], [0, 0]]);
    expect(row('default', 'en')?.visitors).toBe(2);
    expect(row('v1', 'de')).toBeUndefined();
  });

  it('takes the median as the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([8, 2, 4, 6])).toBe(5);
  });
});
