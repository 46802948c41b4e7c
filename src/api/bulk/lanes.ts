/**
 * Two lanes over one key's rate limit: the console's own requests (foreground) and work done
 * in the background (the search index's walk and refreshes). One adaptive limiter (the bulk
 * queue's, limiter-policy.ts) paces the background up to the service's limit, found from
 * its 429s; the foreground is never held back by it, and yields nothing:
 *
 * - a foreground request goes out at once and is counted against the limiter (its token may
 *   be borrowed), so the background slows down by as much;
 * - while a foreground request is in flight, the background sends nothing;
 * - for a while after the console's last request the background takes two tokens per
 *   request (half its pace), so the service's own bucket refills for the console's next
 *   page instead of answering it with a 429;
 * - a 429 on either lane pauses the background for the Retry-After and cuts its rate.
 *
 * The client calls `enter` before and `leave` after every attempt (execute.ts), so its
 * retries are paced too.
 */
import type { Lane, LaneGate } from '../client-types.js';
import { AdaptiveLimiter, SYSTEM_CLOCK, type LimiterClock } from './limiter.js';
import { PROBING_LIMITER, type LimiterConfig, type LimiterState } from './limiter-policy.js';

export interface LaneOptions {
  /** The background's limiter (default: probing an unknown limit). */
  readonly limiter?: LimiterConfig;
  /** How long after the console's last request the background keeps to half its pace (ms). */
  readonly quietMs?: number;
  readonly clock?: LimiterClock;
}

/** What the background lane is doing, for progress lines. */
export interface LaneSnapshot {
  readonly limiter: LimiterState;
  readonly foregroundInFlight: number;
}

export const DEFAULT_QUIET_MS = 2_000;

/** The lanes of one client (one key). */
export class RequestLanes implements LaneGate {
  private readonly limiter: AdaptiveLimiter;
  private readonly clock: LimiterClock;
  private readonly quietMs: number;
  private foregroundInFlight = 0;
  private lastForegroundAt = Number.NEGATIVE_INFINITY;
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;

  constructor(options: LaneOptions = {}) {
    this.clock = options.clock ?? SYSTEM_CLOCK;
    this.limiter = new AdaptiveLimiter(options.limiter ?? PROBING_LIMITER, this.clock);
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  }

  async enter(lane: Lane, signal?: AbortSignal): Promise<void> {
    if (lane === 'foreground') {
      this.foregroundInFlight += 1;
      this.lastForegroundAt = this.clock.now();
      this.limiter.charge();
      return;
    }
    for (;;) {
      await this.foregroundIdle(signal);
      await this.limiter.acquire(signal);
      if (this.clock.now() - this.lastForegroundAt < this.quietMs) await this.limiter.acquire(signal);
      // The console asked for something while this request waited for its token: it goes first.
      if (this.foregroundInFlight === 0) return;
    }
  }

  leave(lane: Lane, answer: { readonly status?: number; readonly retryAfterMs?: number }): void {
    if (lane === 'foreground') {
      this.foregroundInFlight = Math.max(0, this.foregroundInFlight - 1);
      this.lastForegroundAt = this.clock.now();
      if (this.foregroundInFlight === 0) this.wake();
    }
    if (answer.status === 429) this.limiter.rateLimited(answer.retryAfterMs ?? 1_000);
    else if (answer.status !== undefined && lane === 'background') this.limiter.success();
  }

  get snapshot(): LaneSnapshot {
    return { limiter: this.limiter.snapshot, foregroundInFlight: this.foregroundInFlight };
  }

  private wake(): void {
    const idle = this.idle;
    this.idle = null;
    idle?.resolve();
  }

  /** Resolves when no foreground request is in flight; rejects when `signal` aborts first. */
  private async foregroundIdle(signal?: AbortSignal): Promise<void> {
    while (this.foregroundInFlight > 0) {
      signal?.throwIfAborted();
      if (!this.idle) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        this.idle = { promise, resolve };
      }
      await abortable(this.idle.promise, signal);
    }
  }
}

/** `promise`, or a rejection as soon as `signal` aborts. */
function abortable(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
