/**
 * Runs `task` in a task of its own, soon: a message, not a timer (no clamping, and a paused test clock
 * does not hold it); a timer where the browser has no message channels. For splitting start-up work
 * into short tasks (decision 0260).
 */
export function inNextTask(task: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(task, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => task();
  channel.port2.postMessage(null);
}
