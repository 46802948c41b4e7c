/**
 * The retry policy: the only place that decides whether and when a failed request is
 * tried again. Pure (no I/O, no clock, injected randomness), so it is tested alone.
 *
 * As the interface recommends (section 7): 429, 5xx and network failures (incl. timeouts)
 * are retried with exponential backoff and jitter (about 1 s, 2 s, 4 s, 8 s); a
 * `Retry-After` header is honoured when present; no other 4xx is ever retried, nor an
 * answer that overran the request's whole deadline.
 */
import type { RetryInfo } from '../client-types.js';
import type { ApiErrorKind } from './client-codes.js';

export type RetryReason = RetryInfo['reason'];

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** First backoff; doubles per retry. */
  readonly backoffBaseMs: number;
  /** Ceiling of one computed backoff. */
  readonly maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the error is reported instead. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  backoffBaseMs: 1_000,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 60_000,
};

/**
 * Why a failure may be retried, or null when it must not be. A request that overran its
 * whole deadline is not retried: asking again would multiply the wait it bounds.
 */
export function retryReasonOf(failure: { readonly kind: ApiErrorKind; readonly status?: number; readonly code?: string }): RetryReason | null {
  if (failure.code === 'deadline_exceeded') return null;
  if (failure.status === 429) return 'rate_limited';
  if (failure.status !== undefined && failure.status >= 500 && failure.status <= 599) return 'server_error';
  if (failure.kind === 'network') return 'network';
  if (failure.kind === 'timeout') return 'timeout';
  return null;
}

/**
 * A `Retry-After` value in milliseconds: delay-seconds (`"3"`) or an HTTP date. Undefined
 * when absent or unreadable (then the backoff applies); a date in the past gives 0.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * The backoff before retry number `retryIndex + 1`: base × 2^retryIndex, with ±25 %
 * jitter so that many clients do not retry in step, capped at `maxBackoffMs`.
 */
export function backoffMs(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const exp = policy.backoffBaseMs * 2 ** retryIndex;
  const jittered = exp * (0.75 + 0.5 * random());
  return Math.round(Math.min(policy.maxBackoffMs, jittered));
}

export type RetryDecision =
  | { readonly retry: true; readonly delayMs: number; readonly reason: RetryReason }
  | { readonly retry: false };

export interface RetryInput {
  /** Retries already made for this request. */
  readonly retriesSoFar: number;
  /** From retryReasonOf(); null means the failure is final. */
  readonly reason: RetryReason | null;
  /** From parseRetryAfter(), when the response carried the header. */
  readonly retryAfterMs?: number;
}

/** Decides whether to retry and how long to wait first. */
export function decideRetry(input: RetryInput, policy: RetryPolicy, random: () => number): RetryDecision {
  const { reason, retriesSoFar, retryAfterMs } = input;
  if (reason === null || retriesSoFar >= policy.maxRetries) return { retry: false };
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > policy.maxRetryAfterMs) return { retry: false };
    // Never earlier than asked; a little later at random so waiting clients spread out.
    return { retry: true, reason, delayMs: Math.round(retryAfterMs + random() * 0.1 * retryAfterMs) };
  }
  return { retry: true, reason, delayMs: backoffMs(retriesSoFar, policy, random) };
}
