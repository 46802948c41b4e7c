/**
 * The bulk queue: one operation over many items with bounded concurrency, paced by one shared
 * adaptive rate limiter, exactly one outcome per item. The client stays the only layer that
 * retries; the queue's `BulkCall` makes every attempt take a token and tells the limiter of
 * each 429 (slow down, everyone pauses) and each other answer (creep back up). Stopping sends
 * nothing new; requests already sent finish. Details: docs/architecture.md, "Bulk runs".
 */
import type { CallOptions, ClientHooks } from '../client-types.js';
import { ApiError } from '../client/errors.js';
import { AdaptiveLimiter, SYSTEM_CLOCK, type LimiterClock } from './limiter.js';
import { PROBING_LIMITER, knownRateLimiter, type LimiterConfig } from './limiter-policy.js';
import {
  countsOf,
  initialQueueState,
  isFinished,
  nextToStart,
  queueReducer,
  type QueueCounts,
  type QueueEvent,
  type QueueState,
} from './queue-state.js';

/** The call options a worker passes to every client call it makes for its item. */
export interface BulkCall extends CallOptions {
  readonly signal: AbortSignal;
  readonly beforeAttempt: (signal?: AbortSignal) => Promise<void>;
  readonly hooks: ClientHooks;
}

export type BulkWorker<T, R> = (item: T, call: BulkCall) => Promise<R>;

export type BulkOutcome<T, R> =
  | { readonly status: 'ok'; readonly index: number; readonly item: T; readonly result: R; readonly isAlreadyApplied: boolean }
  | { readonly status: 'failed'; readonly index: number; readonly item: T; readonly error: ApiError }
  | { readonly status: 'skipped'; readonly index: number; readonly item: T };

export interface BulkProgress extends QueueCounts {
  /** The limiter's current pace, requests per second. */
  readonly rate: number;
  /** True while everyone waits out a Retry-After. */
  readonly isPaused: boolean;
  /** 429 answers seen so far. */
  readonly rateLimited: number;
}

export interface BulkReport<T, R> {
  /** One outcome per item, in item order. */
  readonly outcomes: readonly BulkOutcome<T, R>[];
  readonly counts: QueueCounts;
  /** True when the run was stopped before every item was done. */
  readonly isStopped: boolean;
  readonly elapsedMs: number;
  readonly rateLimited: number;
  readonly finalRate: number;
}

export interface BulkOptions<T, R> {
  /** Items in flight at once (default 4). */
  readonly concurrency?: number;
  /** The service's known limit: start at it and never exceed it. Unknown: probe upwards. */
  readonly ratePerSecond?: number;
  /** Fine-tuning of the limiter policy. */
  readonly limiter?: Partial<LimiterConfig>;
  /** Stop: no new requests; the ones sent finish. */
  readonly signal?: AbortSignal;
  /** Hard stop: also cancel requests in flight. */
  readonly abortSignal?: AbortSignal;
  readonly onProgress?: (progress: BulkProgress) => void;
  readonly onOutcome?: (outcome: BulkOutcome<T, R>) => void;
  /** Injected for tests. */
  readonly clock?: LimiterClock;
}

/** Stops a worker that has not sent anything yet; it ends `skipped`. */
class NotSentError extends Error {
  override readonly name = 'NotSentError';
}

/** Runs `worker` over `items`; resolves with the report (never rejects for an item's failure). */
export function runBulk<T, R>(items: readonly T[], worker: BulkWorker<T, R>, options: BulkOptions<T, R> = {}): Promise<BulkReport<T, R>> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
  const base = options.ratePerSecond ? knownRateLimiter(options.ratePerSecond) : PROBING_LIMITER;
  const limiter = new AdaptiveLimiter({ ...base, ...options.limiter }, clock);
  const startedAt = clock.now();
  const outcomes: (BulkOutcome<T, R> | undefined)[] = new Array(items.length);
  const inFlight = new AbortController();
  const stopWaiting = new AbortController();
  let state: QueueState = initialQueueState(items.length);

  const progress = (): BulkProgress => ({
    ...countsOf(state),
    rate: limiter.snapshot.rate,
    isPaused: limiter.isPaused,
    rateLimited: limiter.snapshot.rateLimitedCount,
  });
  const emitProgress = () => options.onProgress?.(progress());
  const dispatch = (event: QueueEvent) => {
    state = queueReducer(state, event);
  };

  return new Promise((resolve) => {
    const finish = () => {
      for (let i = 0; i < items.length; i++) {
        if (!outcomes[i]) record({ status: 'skipped', index: i, item: items[i]! });
      }
      options.signal?.removeEventListener('abort', onStop);
      options.abortSignal?.removeEventListener('abort', onAbort);
      emitProgress();
      const snapshot = limiter.snapshot;
      resolve({
        outcomes: outcomes as BulkOutcome<T, R>[],
        counts: countsOf(state),
        isStopped: state.isStopping && state.ok + state.failed < items.length,
        elapsedMs: clock.now() - startedAt,
        rateLimited: snapshot.rateLimitedCount,
        finalRate: snapshot.rate,
      });
    };
    const record = (outcome: BulkOutcome<T, R>) => {
      if (outcomes[outcome.index]) throw new Error(`bulk queue: item ${outcome.index} got a second outcome`);
      outcomes[outcome.index] = outcome;
      options.onOutcome?.(outcome);
    };
    const pump = () => {
      for (let i = nextToStart(state, concurrency); i !== null; i = nextToStart(state, concurrency)) {
        dispatch({ type: 'start', index: i });
        void runOne(i);
      }
      if (isFinished(state)) finish();
    };
    const runOne = async (index: number) => {
      const item = items[index]!;
      let hasSent = false;
      let wasStoppedBeforeSending = false;
      const notSent = () => {
        wasStoppedBeforeSending = true;
        return new NotSentError('stopped before sending');
      };
      const call: BulkCall = {
        signal: inFlight.signal,
        beforeAttempt: async (signal) => {
          if (hasSent) return limiter.acquire(signal);
          if (stopWaiting.signal.aborted) throw notSent();
          const waiting = AbortSignal.any([stopWaiting.signal, ...(signal ? [signal] : [])]);
          try {
            await limiter.acquire(waiting);
          } catch (error) {
            if (stopWaiting.signal.aborted) throw notSent();
            throw error;
          }
          hasSent = true;
        },
        hooks: {
          onRetry: (info) => {
            if (info.reason === 'rate_limited') limiter.rateLimited(info.retryAfterMs ?? info.delayMs);
            emitProgress();
          },
          onSettled: (info) => {
            if (info.status === 429) limiter.rateLimited(1_000);
            else if (info.status !== undefined) limiter.success();
          },
        },
      };
      let outcome: BulkOutcome<T, R>;
      try {
        const result = await worker(item, call);
        outcome = { status: 'ok', index, item, result, isAlreadyApplied: isAlreadyAppliedResult(result) };
      } catch (error) {
        outcome = wasStoppedBeforeSending && !hasSent
          ? { status: 'skipped', index, item }
          : { status: 'failed', index, item, error: toApiError(error) };
      }
      dispatch({
        type: 'settle',
        index,
        status: outcome.status,
        ...(outcome.status === 'ok' && { isAlreadyApplied: outcome.isAlreadyApplied }),
      });
      record(outcome);
      emitProgress();
      pump();
    };
    const onStop = () => {
      dispatch({ type: 'stop' });
      stopWaiting.abort();
      emitProgress();
      pump();
    };
    const onAbort = () => {
      inFlight.abort();
      onStop();
    };
    if (options.abortSignal?.aborted) onAbort();
    else if (options.signal?.aborted) onStop();
    options.signal?.addEventListener('abort', onStop, { once: true });
    options.abortSignal?.addEventListener('abort', onAbort, { once: true });
    emitProgress();
    pump();
  });
}

function isAlreadyAppliedResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { isAlreadyApplied?: unknown }).isAlreadyApplied === true;
}

/** Anything a worker throws becomes an ApiError (a worker bug is reported, not crashed on). */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ kind: 'api', code: 'unexpected_error', message: `The operation failed: ${message}` });
}
