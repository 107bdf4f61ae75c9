import { describe, expect, it, vi } from 'vitest';
import { afterRootSpinner } from '../../../services/after-root-spinner';

/** A page whose root spinner has these animations; counts how often they are asked for. */
function pageWithSpinner(animations: () => { playState: string; finished: Promise<unknown> }[]) {
  const getAnimations = vi.fn(animations);
  const spinner = { getAnimations };
  const document = { querySelector: (selector: string) => (selector === '.boot-spinner' ? spinner : null) };
  // A structural stand-in: the function reads only querySelector and the spinner's getAnimations.
  return { document: document as unknown as Document, getAnimations };
}

describe('afterRootSpinner', () => {
  it('runs at once when the spinner has ended, and asks the spinner once per page, not on every later step', () => {
    const { document, getAnimations } = pageWithSpinner(() => [{ playState: 'finished', finished: Promise.resolve() }]);
    const first = vi.fn();
    afterRootSpinner(document, first);
    expect(first).toHaveBeenCalledOnce();
    const later = vi.fn();
    afterRootSpinner(document, later);
    afterRootSpinner(document, later);
    expect(later).toHaveBeenCalledTimes(2);
    // Asking for animations updates the page's styles: once per page is enough.
    expect(getAnimations).toHaveBeenCalledOnce();
  });

  it('waits while the spinner runs, and asks again until it has ended', () => {
    let state = 'running';
    const { document, getAnimations } = pageWithSpinner(() => [{ playState: state, finished: new Promise(() => {}) }]);
    const early = vi.fn();
    afterRootSpinner(document, early);
    expect(early).not.toHaveBeenCalled();
    state = 'finished';
    const after = vi.fn();
    afterRootSpinner(document, after);
    expect(after).toHaveBeenCalledOnce();
    expect(getAnimations).toHaveBeenCalledTimes(2);
  });
});
