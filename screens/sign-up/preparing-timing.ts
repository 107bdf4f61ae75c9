/**
 * Spec section 9: a new message every 2333 ms, and /checkout/plans after 7000 ms. Their own module (no
 * build-time imports), so the browser tests that wait on the page clock read the same figures.
 */
export const PREPARING_TIMING = { messageIntervalMs: 2333, redirectMs: 7000 } as const;
