/**
 * Runs `task` once the frame being prepared has been painted: a frame callback, then a task (the frame
 * is painted between the two). For work a tap causes but the visitor does not wait for (analytics), so
 * the next question is on screen first. A hidden page paints no frames: there it runs as a task at once.
 */
export function afterNextPaint(task: () => void): void {
  if (document.visibilityState === 'hidden') {
    window.setTimeout(task, 0);
    return;
  }
  window.requestAnimationFrame(() => window.setTimeout(task, 0));
}
