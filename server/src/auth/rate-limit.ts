/**
 * In-memory fixed-window limiter with back-off: after `max` hits within `windowMs` the key is
 * locked; each further lock-out of the same key doubles its length (capped at 24 h). State is
 * per process (documented in docs/auth.md).
 */
export class RateLimiter {
  private readonly entries = new Map<string, { count: number; windowStart: number; lockedUntil: number; strikes: number }>();
  private sweepAt = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly backoff = true,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when allowed now. Does not count. */
  retryAfter(key: string): number {
    const e = this.entries.get(key);
    const t = this.now();
    if (!e) return 0;
    if (e.lockedUntil > t) return Math.ceil((e.lockedUntil - t) / 1000);
    return 0;
  }

  /** Count one hit; returns the retry-after seconds if this hit reached the limit (the key is now locked). */
  hit(key: string): number {
    const t = this.now();
    this.sweep(t);
    let e = this.entries.get(key);
    if (!e || (t - e.windowStart >= this.windowMs && e.lockedUntil <= t)) {
      e = { count: 0, windowStart: t, lockedUntil: 0, strikes: e && t - e.windowStart < this.windowMs * 4 ? e.strikes : 0 };
      this.entries.set(key, e);
    }
    if (e.lockedUntil > t) return Math.ceil((e.lockedUntil - t) / 1000);
    e.count += 1;
    if (e.count >= this.max) {
      const lock = Math.min(this.windowMs * (this.backoff ? 2 ** e.strikes : 1), 24 * 3600_000);
      e.strikes += 1;
      e.lockedUntil = t + lock;
      e.count = 0;
      e.windowStart = t;
      return Math.ceil(lock / 1000);
    }
    return 0;
  }

  reset(key: string) {
    this.entries.delete(key);
  }

  private sweep(t: number) {
    if (t < this.sweepAt) return;
    this.sweepAt = t + 60_000;
    for (const [k, e] of this.entries) {
      if (e.lockedUntil <= t && t - e.windowStart > this.windowMs * 4) this.entries.delete(k);
    }
  }
}
