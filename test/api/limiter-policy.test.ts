import { describe, expect, it } from 'vitest';
import {
  PROBING_LIMITER,
  initialLimiterState,
  knownRateLimiter,
  limiterReducer,
  takeToken,
  type LimiterConfig,
  type LimiterState,
} from '../../src/api/bulk/limiter-policy.js';
import { simulate } from './limiter-sim.js';

const take = (s: LimiterState, c: LimiterConfig, at: number) => takeToken(s, c, at);

describe('token bucket', () => {
  const config = knownRateLimiter(10);
  it('hands out one token, then makes the next wait 1/rate', () => {
    let s = initialLimiterState(config, 0);
    const first = take(s, config, 0);
    expect(first.waitMs).toBe(0);
    s = first.state;
    const second = take(s, config, 0);
    expect(second.waitMs).toBe(100);
    expect(take(second.state, config, 100).waitMs).toBe(0);
  });
  it('does not let tokens pile up beyond the burst', () => {
    let s = take(initialLimiterState(config, 0), config, 0).state;
    s = take(s, config, 60_000).state; // a minute idle: only `burst` (1) token
    expect(take(s, config, 60_000).waitMs).toBe(100);
  });
});

describe('adapting to 429', () => {
  const config = knownRateLimiter(20);
  it('pauses for the Retry-After and cuts the rate', () => {
    let s = initialLimiterState(config, 0);
    s = limiterReducer(s, { type: 'rate_limited', at: 1_000, pauseMs: 1_000 }, config);
    expect(s.rate).toBe(15);
    expect(take(s, config, 1_500).waitMs).toBe(500);
    expect(s.rateLimitedCount).toBe(1);
  });
  it('counts a burst of 429s during one pause as one event', () => {
    let s = initialLimiterState(config, 0);
    s = limiterReducer(s, { type: 'rate_limited', at: 1_000, pauseMs: 1_000 }, config);
    s = limiterReducer(s, { type: 'rate_limited', at: 1_010, pauseMs: 1_000 }, config);
    s = limiterReducer(s, { type: 'rate_limited', at: 1_020, pauseMs: 1_000 }, config);
    expect(s.rate).toBe(15);
    expect(s.decreaseCount).toBe(1);
    expect(s.rateLimitedCount).toBe(3);
    expect(s.pausedUntil).toBe(2_020);
  });
  it('never goes below the minimum rate', () => {
    let s = initialLimiterState(config, 0);
    for (let i = 0; i < 50; i++) s = limiterReducer(s, { type: 'rate_limited', at: i * 10_000, pauseMs: 1 }, config);
    expect(s.rate).toBe(config.minRate);
  });
  it('creeps back up while it is the bottleneck, not above a known limit', () => {
    let s = initialLimiterState(config, 0);
    s = limiterReducer(s, { type: 'rate_limited', at: 0, pauseMs: 0 }, config);
    let at = 0;
    for (let i = 0; i < 2_000; i++) {
      const t = take(s, config, at);
      s = t.state;
      at += t.waitMs;
      if (t.waitMs === 0) s = limiterReducer(s, { type: 'success', at }, config);
    }
    expect(s.rate).toBe(20);
  });
  it('does not grow while requests come slower than the rate', () => {
    let s = initialLimiterState(PROBING_LIMITER, 0);
    for (let at = 0; at < 100_000; at += 1_000) {
      s = take(s, PROBING_LIMITER, at).state;
      s = limiterReducer(s, { type: 'success', at }, PROBING_LIMITER);
    }
    expect(s.rate).toBe(PROBING_LIMITER.initialRate);
  });
  it('ignores successes of requests sent before a pause', () => {
    let s = initialLimiterState(config, 0);
    s = limiterReducer(s, { type: 'rate_limited', at: 0, pauseMs: 1_000 }, config);
    const after = limiterReducer({ ...s, isLimiting: true }, { type: 'success', at: 500 }, config);
    expect(after.rate).toBe(s.rate);
  });
});

describe('simulated against a service limiting at 20/s, burst 40 (D10)', () => {
  const service = { requests: 500, concurrency: 8, serverRate: 20, serverBurst: 40 } as const;
  it.each([1, 5, 30])('an unknown limit: 500 requests within 1.15x of 25 s, rarely tripping (latency %i ms)', (latencyMs) => {
    const r = simulate({ ...service, latencyMs, limiter: PROBING_LIMITER });
    expect(r.completed).toBe(500);
    expect(r.elapsedMs).toBeLessThanOrEqual(25_000 * 1.15);
    expect(r.rateLimited).toBeLessThanOrEqual(15);
  });
  it('a known limit: never trips it', () => {
    const r = simulate({ ...service, latencyMs: 5, limiter: knownRateLimiter(20) });
    expect(r.rateLimited).toBe(0);
    expect(r.elapsedMs).toBeLessThanOrEqual(25_000 * 1.15);
  });
  it('a limit guessed too high: adapts down', () => {
    const r = simulate({ ...service, latencyMs: 5, limiter: knownRateLimiter(60) });
    expect(r.completed).toBe(500);
    expect(r.elapsedMs).toBeLessThanOrEqual(25_000 * 1.15);
    expect(r.rateLimited).toBeLessThanOrEqual(15);
  });
  it.each([2, 5, 100])('scales to other limits (%i/s): near the floor, touching the limit about once per 5 s', (serverRate) => {
    const requests = serverRate * 50;
    const r = simulate({ requests, concurrency: 8, serverRate, serverBurst: serverRate * 2, latencyMs: 5, limiter: PROBING_LIMITER });
    expect(r.elapsedMs).toBeLessThanOrEqual(50_000 * 1.15);
    expect(r.rateLimited).toBeLessThanOrEqual(r.elapsedMs / 5_000 + 10);
  });
});
