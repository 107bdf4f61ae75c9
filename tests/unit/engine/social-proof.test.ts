import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFlowDiagnostic } from '../../../engine/flow-error';
import { loadSocialProof, overallRating } from '../../../engine/social-proof';

const root = resolve(import.meta.dirname, '../../..');

function messages(text: string): string[] {
  const checked = loadSocialProof(root, text);
  return checked.ok ? [] : checked.diagnostics.map(formatFlowDiagnostic);
}

const valid = `version: 1
activeSubscribers: 3000000
storeRatings:
  appStore: { rating: 4.7, ratings: 30000 }
  googlePlay: { rating: 4.3, ratings: 10000 }
awards:
  - { store: appStore, award: appOfTheDay, year: 2023 }
testimonials:
  - { id: first, author: Laura M., resultKg: -6 }
`;

describe('config/social-proof.yaml (engine/social-proof.ts)', () => {
  it('reads the reviewed file the screens show', () => {
    const checked = loadSocialProof(root);
    expect(checked.ok).toBe(true);
  });

  it('combines the stores weighted by their counts, to one decimal as a store shows it', () => {
    const checked = loadSocialProof(root, valid);
    expect(checked).toEqual({
      ok: true,
      value: {
        activeSubscribers: 3_000_000,
        storeRatings: { appStore: { rating: 4.7, ratings: 30_000 }, googlePlay: { rating: 4.3, ratings: 10_000 } },
        overallRating: { rating: 4.6, ratings: 40_000 },
        awards: [{ store: 'appStore', award: 'appOfTheDay', year: 2023 }],
        testimonials: [{ id: 'first', author: 'Laura M.', resultKg: -6 }],
      },
    });
    expect(overallRating([{ rating: 4.5, ratings: 81_000 }, { rating: 4.5, ratings: 45_000 }])).toEqual({ rating: 4.5, ratings: 126_000 });
  });

  it('points at the line of a figure no store could show, and of an award it does not know', () => {
    const text = valid.replace('rating: 4.3', 'rating: 4.35').replace('award: appOfTheDay', 'award: appOfTheYear');
    expect(messages(text)).toEqual([
      expect.stringMatching(/^config\/social-proof\.yaml:5:\d+ storeRatings\.googlePlay\.rating: .*one decimal/),
      expect.stringMatching(/^config\/social-proof\.yaml:7:\d+ awards\[0\]\.award: .*appOfTheDay/),
    ]);
  });

  it('refuses two testimonials with one id (their words and portraits are found by it)', () => {
    const text = valid + '  - { id: first, author: Tomasz K., resultKg: -9 }\n';
    expect(messages(text)).toEqual([expect.stringMatching(/^config\/social-proof\.yaml:\d+:\d+ testimonials: each testimonial needs its own id/)]);
  });
});
