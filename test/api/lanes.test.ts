/**
 * The client's two lanes on a virtual clock: the background never sends while a console
 * request is in flight, keeps to half its pace right after one, counts the console's
 * requests against the rate, and pauses on a 429 of either lane.
 */
import { describe, expect, it } from 'vitest';
import { RequestLanes } from '../../src/api/bulk/lanes.js';
import { knownRateLimiter } from '../../src/api/bulk/limiter-policy.js';
import type { LimiterClock } from '../../src/api/bulk/limiter.js';

/** A clock whose sleeps pass at once and move time on. */
function virtualClock(): LimiterClock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('request lanes', () => {
  it('holds the background while a console request is in flight', async () => {
    const clock = virtualClock();
    const lanes = new RequestLanes({ limiter: knownRateLimiter(10), clock, quietMs: 0 });
    await lanes.enter('foreground');
    let isSent = false;
    const background = lanes.enter('background').then(() => (isSent = true));
    await settle();
    expect(isSent).toBe(false);
    lanes.leave('foreground', { status: 200 });
    await background;
    expect(isSent).toBe(true);
  });

  it('counts console requests against the rate: the background waits for as many tokens', async () => {
    const clock = virtualClock();
    const lanes = new RequestLanes({ limiter: knownRateLimiter(10), clock, quietMs: 0 });
    for (let i = 0; i < 3; i++) {
      await lanes.enter('foreground');
      lanes.leave('foreground', { status: 200 });
    }
    const before = clock.t;
    await lanes.enter('background');
    // Three requests borrowed (down to minus the burst of 1) at 10/s: 200 ms before the next token.
    expect(clock.t - before).toBeGreaterThanOrEqual(200);
  });

  it('takes two tokens per background request shortly after a console request', async () => {
    const clock = virtualClock();
    const lanes = new RequestLanes({ limiter: knownRateLimiter(10), clock, quietMs: 5_000 });
    clock.t = 10_000;
    await lanes.enter('background');
    await lanes.enter('background');
    const alone = clock.t;
    await lanes.enter('foreground');
    lanes.leave('foreground', { status: 200 });
    const from = clock.t;
    await lanes.enter('background');
    await lanes.enter('background');
    expect(alone).toBe(10_100);
    // Each request after the console's: two tokens at 10/s (the console's own borrowed one first).
    expect(clock.t - from).toBeGreaterThanOrEqual(400);
  });

  it("pauses the background for a 429's Retry-After, whichever lane got it", async () => {
    const clock = virtualClock();
    const lanes = new RequestLanes({ limiter: knownRateLimiter(10), clock, quietMs: 0 });
    await lanes.enter('foreground');
    lanes.leave('foreground', { status: 429, retryAfterMs: 3_000 });
    const from = clock.t;
    await lanes.enter('background');
    expect(clock.t - from).toBeGreaterThanOrEqual(3_000);
    expect(lanes.snapshot.limiter.rateLimitedCount).toBe(1);
  });

  it('gives up waiting when the signal aborts', async () => {
    const lanes = new RequestLanes({ limiter: knownRateLimiter(10), clock: virtualClock() });
    await lanes.enter('foreground');
    const stop = new AbortController();
    const waiting = lanes.enter('background', stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow();
  });
});
