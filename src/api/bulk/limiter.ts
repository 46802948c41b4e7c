/**
 * The adaptive limiter at run time: the pure policy (limiter-policy.ts) plus a clock and a
 * first-come-first-served line of waiters, so requests leave in the order they asked.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  chargeToken,
  initialLimiterState,
  limiterReducer,
  takeToken,
  type LimiterConfig,
  type LimiterState,
} from './limiter-policy.js';

export interface LimiterClock {
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const SYSTEM_CLOCK: LimiterClock = {
  now: () => performance.now(),
  sleep: async (ms, signal) => {
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
};

export class AdaptiveLimiter {
  private state: LimiterState;
  private line: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: LimiterConfig,
    private readonly clock: LimiterClock = SYSTEM_CLOCK,
  ) {
    this.state = initialLimiterState(config, clock.now());
  }

  /** Resolves when a request may go out; rejects when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.line.then(() => this.waitForToken(signal));
    // A waiter that gave up must not block the ones behind it.
    this.line = turn.catch(() => undefined);
    return turn;
  }

  /** A request went out without waiting for a token: it is counted all the same (see chargeToken). */
  charge(): void {
    this.state = chargeToken(this.state, this.config, this.clock.now());
  }

  /** The service answered without a 429. */
  success(): void {
    this.state = limiterReducer(this.state, { type: 'success', at: this.clock.now() }, this.config);
  }

  /** The service answered 429; nothing goes out for `pauseMs`, and the rate is cut. */
  rateLimited(pauseMs: number): void {
    this.state = limiterReducer(this.state, { type: 'rate_limited', at: this.clock.now(), pauseMs }, this.config);
  }

  get snapshot(): LimiterState {
    return this.state;
  }

  /** True while a Retry-After pause holds every request back. */
  get isPaused(): boolean {
    return this.clock.now() < this.state.pausedUntil;
  }

  private async waitForToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const taken = takeToken(this.state, this.config, this.clock.now());
      this.state = taken.state;
      if (taken.waitMs === 0) return;
      await this.clock.sleep(taken.waitMs, signal);
    }
  }
}
