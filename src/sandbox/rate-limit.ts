/**
 * Per-key token bucket (D10): `rate` tokens per second, `burst` capacity (default twice
 * the rate). Pure: the caller passes the time, so tests control the clock.
 */
export type TakeResult = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class TokenBucketLimiter {
  private readonly buckets = new Map<string | number, Bucket>();
  readonly burst: number;

  /** `rate` 0 turns limiting off. */
  constructor(
    readonly rate: number,
    burst?: number,
  ) {
    this.burst = burst ?? rate * 2;
  }

  /** Takes one token for `key` at `nowMs`, or says how many whole seconds to wait. */
  take(key: string | number, nowMs: number): TakeResult {
    if (this.rate <= 0) return { ok: true };
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.burst, updatedAt: nowMs };
      this.buckets.set(key, bucket);
    }
    const elapsed = Math.max(0, nowMs - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.rate);
    bucket.updatedAt = Math.max(bucket.updatedAt, nowMs);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate)) };
  }
}
