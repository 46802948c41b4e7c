/**
 * A deterministic simulation (virtual time, no I/O) of the bulk queue's limiter against a
 * service that limits with a token bucket and answers 429 with a whole-second Retry-After
 * (as D10 describes). Used to check that the AIMD policy converges near the limit.
 */
import {
  initialLimiterState,
  limiterReducer,
  takeToken,
  type LimiterConfig,
  type LimiterState,
} from '../../src/api/bulk/limiter-policy.js';

export interface SimOptions {
  readonly requests: number;
  readonly concurrency: number;
  readonly serverRate: number;
  readonly serverBurst: number;
  /** One-way network plus service time per request (ms). */
  readonly latencyMs: number;
  readonly limiter: LimiterConfig;
}

export interface SimResult {
  readonly elapsedMs: number;
  readonly rateLimited: number;
  readonly completed: number;
  readonly sent: number;
  readonly finalRate: number;
}

/** Runs the simulation; each worker takes a token, sends, and retries a 429 after Retry-After. */
export function simulate(o: SimOptions): SimResult {
  let limiter: LimiterState = initialLimiterState(o.limiter, 0);
  let serverTokens = o.serverBurst;
  let serverAt = 0;
  let remaining = o.requests;
  let completed = 0;
  let rateLimited = 0;
  let sent = 0;
  // Each worker's next wake-up time and what it is doing.
  type Worker = { at: number; phase: 'idle' | 'waiting' | 'inflight'; item: boolean; wasLimited: boolean };
  const workers: Worker[] = Array.from({ length: o.concurrency }, () => ({ at: 0, phase: 'idle', item: false, wasLimited: false }));
  let now = 0;
  for (let guard = 0; guard < 10_000_000; guard++) {
    const w = workers.reduce((a, b) => (b.at < a.at ? b : a));
    now = w.at;
    if (w.phase === 'idle') {
      if (!w.item) {
        if (remaining === 0) {
          w.at = Number.POSITIVE_INFINITY;
          if (workers.every((x) => x.at === Number.POSITIVE_INFINITY)) break;
          continue;
        }
        remaining -= 1;
        w.item = true;
      }
      w.phase = 'waiting';
    }
    if (w.phase === 'waiting') {
      const taken = takeToken(limiter, o.limiter, now);
      limiter = taken.state;
      if (taken.waitMs > 0) {
        w.at = now + taken.waitMs;
        continue;
      }
      // Arrives at the service after the latency; the service's bucket decides there.
      const arrival = now + o.latencyMs;
      serverTokens = Math.min(o.serverBurst, serverTokens + ((arrival - serverAt) * o.serverRate) / 1000);
      serverAt = arrival;
      sent += 1;
      if (serverTokens >= 1) {
        serverTokens -= 1;
        w.wasLimited = false;
      } else {
        w.wasLimited = true;
      }
      w.phase = 'inflight';
      w.at = arrival + o.latencyMs;
      continue;
    }
    // In flight: the answer arrives.
    if (w.wasLimited) {
      rateLimited += 1;
      const retryAfterMs = Math.ceil(((1 - serverTokens) * 1000) / o.serverRate / 1000) * 1000;
      limiter = limiterReducer(limiter, { type: 'rate_limited', at: now, pauseMs: retryAfterMs }, o.limiter);
      w.phase = 'waiting';
      w.at = now + retryAfterMs;
    } else {
      limiter = limiterReducer(limiter, { type: 'success', at: now }, o.limiter);
      completed += 1;
      w.item = false;
      w.phase = 'idle';
    }
  }
  return { elapsedMs: now, rateLimited, completed, sent, finalRate: limiter.rate };
}
