export interface TimeToPlannedSample {
  /** Exposed visitors per day so far (0 before the first day's traffic). */
  readonly visitorsPerDay: number;
  /** Days until the planned total is reached at that rate: 0 when reached, null when there is no traffic yet. */
  readonly daysRemaining: number | null;
}

/**
 * When the planned sample will be reached if traffic keeps its average rate so far (`exposed` visitors in
 * `elapsedDays`). Assumes steady traffic: a launch spike or a campaign's end makes it wrong, so the report
 * recomputes it at every reading.
 */
export function timeToPlannedSample(exposed: number, plannedTotal: number, elapsedDays: number): TimeToPlannedSample {
  const visitorsPerDay = elapsedDays > 0 ? exposed / elapsedDays : 0;
  if (exposed >= plannedTotal) return { visitorsPerDay, daysRemaining: 0 };
  if (visitorsPerDay === 0) return { visitorsPerDay, daysRemaining: null };
  return { visitorsPerDay, daysRemaining: (plannedTotal - exposed) / visitorsPerDay };
}
