/** A point estimate with the bounds of an interval around it. */
export interface Interval {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
}
