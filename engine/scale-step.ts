/**
 * Whether `value` is `min` plus a whole number of `step`s (with float tolerance, for steps like 0.1).
 * Shared by the flow schema (a slider's max and default) and the machine's guard (a submitted position),
 * in a file of its own so the browser gets it without zod.
 */
export function isOnScale(scale: { readonly min: number; readonly step: number }, value: number): boolean {
  const steps = (value - scale.min) / scale.step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}
