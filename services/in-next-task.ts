/**
 * Runs `task` in a task of its own, soon: a message, not a timer (no clamping, and a paused test clock
 * does not hold it). For splitting start-up work into short tasks (decision 0260).
 */
export function inNextTask(task: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => task();
  channel.port2.postMessage(null);
}
