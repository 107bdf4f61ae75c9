import { afterEach, describe, expect, it, vi } from 'vitest';
import { compiledQuestionKindsFlow } from './question-kinds-flow';

const Segmenter = Intl.Segmenter;

afterEach(() => {
  Object.defineProperty(Intl, 'Segmenter', { value: Segmenter, configurable: true, writable: true });
});

describe('the text answer rules (engine/text-answer.ts)', () => {
  it('make their grapheme segmenter at the first text checked, not when the machine\'s chunk loads', async () => {
    // Chrome takes about 10 ms to make the first Intl.Segmenter: at load it blocked the funnel's start.
    let made = 0;
    class CountedSegmenter extends Segmenter {
      constructor(...args: ConstructorParameters<typeof Segmenter>) {
        super(...args);
        made += 1;
      }
    }
    Object.defineProperty(Intl, 'Segmenter', { value: CountedSegmenter, configurable: true, writable: true });
    vi.resetModules();
    const { textAnswerProblem } = await import('../../../engine/text-answer');
    expect(made).toBe(0);
    const nickname = compiledQuestionKindsFlow().steps.find((step) => step.id === 'nickname');
    if (nickname === undefined) throw new Error('no nickname step');
    expect(textAnswerProblem(nickname, 'Sam')).toBeUndefined();
    expect(textAnswerProblem(nickname, 'Samantha Jones')).toBe('tooLong');
    expect(made).toBe(1);
  });
});
