export interface RateLimit {
  /** Requests allowed per key inside one window. */
  readonly max: number;
  readonly windowSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key`; false when the key is over its limit for the current window. */
  take(key: string, now: Date): boolean;
}

/**
 * Fixed-window request counting per key (bucket + client IP), kept in memory: limits restart with the
 * process, as GoTrue's in-memory limiter does. Expired windows are dropped as they are met, so memory
 * stays bounded by the keys seen within one window.
 */
export function createRateLimiter(limit: RateLimit): RateLimiter {
  const windowMs = limit.windowSeconds * 1000;
  const windows = new Map<string, { startedAt: number; count: number }>();
  let lastSweep = 0;

  return {
    take(key, now) {
      const time = now.getTime();
      if (time - lastSweep > windowMs) {
        for (const [k, w] of windows) if (time - w.startedAt >= windowMs) windows.delete(k);
        lastSweep = time;
      }
      const current = windows.get(key);
      if (current === undefined || time - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return limit.max >= 1;
      }
      current.count += 1;
      return current.count <= limit.max;
    },
  };
}
