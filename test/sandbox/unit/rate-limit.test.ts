import { describe, expect, it } from 'vitest';
import { TokenBucketLimiter } from '../../../src/sandbox/rate-limit.js';

describe('token bucket (D10)', () => {
  it('allows a burst of twice the rate, then refuses with a whole-second Retry-After', () => {
    const limiter = new TokenBucketLimiter(20);
    const t = 1_000_000;
    for (let i = 0; i < 40; i++) expect(limiter.take('k', t).ok, `request ${i}`).toBe(true);
    expect(limiter.take('k', t)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('refills at the rate', () => {
    const limiter = new TokenBucketLimiter(2);
    const t = 5_000;
    for (let i = 0; i < 4; i++) limiter.take('k', t);
    expect(limiter.take('k', t).ok).toBe(false);
    expect(limiter.take('k', t + 499).ok).toBe(false);
    expect(limiter.take('k', t + 500).ok).toBe(true);
    expect(limiter.take('k', t + 500).ok).toBe(false);
  });

  it('rounds the wait up to whole seconds for slow rates', () => {
    const limiter = new TokenBucketLimiter(0.25, 1);
    expect(limiter.take('k', 0).ok).toBe(true);
    expect(limiter.take('k', 0)).toEqual({ ok: false, retryAfterSeconds: 4 });
  });

  it('keeps one bucket per key', () => {
    const limiter = new TokenBucketLimiter(1);
    limiter.take('a', 0);
    limiter.take('a', 0);
    expect(limiter.take('a', 0).ok).toBe(false);
    expect(limiter.take('b', 0).ok).toBe(true);
  });

  it('is off at rate 0', () => {
    const limiter = new TokenBucketLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('k', 0).ok).toBe(true);
  });
});
