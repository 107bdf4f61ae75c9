/** About ten seconds of frames: longer than any hold the boot can put on the page. */
const MAX_FRAMES = 600;

/**
 * Moves focus to `element` (a heading a screen reader should read first), now or as soon as the page
 * shows it. For the first second of a page load the root spinner keeps #root `visibility: hidden`
 * (app.css), and a prerendered page in another language stays `display: none` until the app renders:
 * a hidden element cannot take focus, and `focus()` then does nothing. A page that arrives in that
 * time (the payment's return lands on the completion page, which moves on to the account page within
 * the second) would leave focus on the body. So while the element is hidden the call is repeated on
 * each frame, until it takes, the element goes, or the visitor has focused something else meanwhile.
 * Returns the cancel an effect's cleanup calls.
 */
export function focusWhenShown(element: HTMLElement): () => void {
  let frame = 0;
  const attempt = (framesLeft: number): void => {
    if (!element.isConnected) return;
    element.focus();
    const active = element.ownerDocument.activeElement;
    if (active === element || framesLeft === 0) return;
    // The visitor's own focus wins; and a shown element that refuses focus will not take it later.
    if ((active !== null && active !== element.ownerDocument.body) || isShown(element)) return;
    frame = requestAnimationFrame(() => attempt(framesLeft - 1));
  };
  attempt(MAX_FRAMES);
  return () => cancelAnimationFrame(frame);
}

/** Rendered and not `visibility: hidden` (browsers without checkVisibility count as shown: one try). */
function isShown(element: HTMLElement): boolean {
  return typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true });
}
