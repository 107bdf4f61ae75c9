import { afterNextPaint } from './after-next-paint';

/** The documents whose root spinner has ended. */
const ended = new WeakSet<Document>();

/**
 * Calls `callback` once the spec's root spinner has ended and the page it hid has been painted. The
 * spinner is CSS in the HTML (index.html, app.css: `.boot-spinner`'s animation of the flow's
 * rootSpinnerMs), so the only way to know its end is that animation: what starts behind it (analytics,
 * error reporting, the pixel, the consent lookup) must not compete with the first step. The step shows
 * in the frame after the animation ends, so the callback waits for that frame too: work started earlier
 * would be fetched and run while the visitor still waits for the step to appear.
 * At once when it has ended already (every step after the first, a client-side navigation) or the page
 * has none.
 */
export function afterRootSpinner(document: Document, callback: () => void): void {
  // The spinner ends once per page: asking its animations updates the page's styles, which every
  // later step (each calls this after its tap) would otherwise pay before its frame.
  if (ended.has(document)) {
    callback();
    return;
  }
  const spinner = document.querySelector('.boot-spinner');
  // jsdom and old browsers have no Web Animations API: nothing to wait for there.
  const running =
    spinner && typeof spinner.getAnimations === 'function'
      ? spinner.getAnimations().filter((animation) => animation.playState !== 'finished')
      : [];
  if (running.length === 0) {
    ended.add(document);
    callback();
    return;
  }
  const afterReveal = (): void => {
    ended.add(document);
    afterNextPaint(callback);
  };
  // A cancelled animation (the element left the page) rejects `finished`: the spinner is gone either way.
  void Promise.all(running.map((animation) => animation.finished)).then(afterReveal, afterReveal);
}
