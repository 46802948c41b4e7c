/**
 * The retry loop: runs attempts until one succeeds or the retry policy says stop. This is
 * the only code that retries; what is retried and how long to wait is decided by the pure
 * policy in retry-policy.ts. It also remembers whether an earlier failed attempt may have
 * been applied by the service (answer lost after sending, or a 5xx), which the write path
 * needs for reconciliation.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { CallOptions, ClientHooks, LaneGate, RetryInfo } from '../client-types.js';
import { ApiError } from './errors.js';
import { errorFromResponse, headerValue, type RawResponse } from './responses.js';
import { decideRetry, parseRetryAfter, retryReasonOf, type RetryPolicy } from './retry-policy.js';
import { abortedError, attempt, type TransportContext, type TransportRequest } from './transport.js';

export interface ExecuteContext extends Omit<TransportContext, 'signal'> {
  readonly policy: RetryPolicy;
  readonly hooks?: ClientHooks;
  readonly lanes?: LaneGate;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly now: () => number;
}

export type ExecuteResult =
  | { readonly ok: true; readonly raw: RawResponse; readonly retries: number; readonly wasPossiblyApplied: boolean }
  | { readonly ok: false; readonly error: ApiError; readonly wasPossiblyApplied: boolean };

/** Abortable sleep (the default when none is injected). */
export async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  await delay(ms, undefined, signal ? { signal } : undefined);
}

/** Calls a hook; a throwing hook must never break a request. */
function safely<A>(fn: ((arg: A) => void) | undefined, arg: A): void {
  try {
    fn?.(arg);
  } catch {
    // A hook is an observer; its failure is not the request's.
  }
}

/** The client's policy, with a call's own lower limit on retries. */
function policyOf(policy: RetryPolicy, call: CallOptions): RetryPolicy {
  return call.maxRetries === undefined ? policy : { ...policy, maxRetries: Math.max(0, Math.min(policy.maxRetries, call.maxRetries)) };
}

/** Runs `req` with retries. Never throws; the result says how it ended. */
export async function execute(req: TransportRequest, ctx: ExecuteContext, call: CallOptions = {}): Promise<ExecuteResult> {
  const { signal } = call;
  const settle = (ok: boolean, status?: number) => {
    const info = { ok, ...(status !== undefined && { status }) };
    safely(ctx.hooks?.onSettled, info);
    safely(call.hooks?.onSettled, info);
  };
  let retries = 0;
  let wasPossiblyApplied = false;
  for (;;) {
    const lane = call.lane ?? 'foreground';
    try {
      await call.beforeAttempt?.(signal);
      await ctx.lanes?.enter(lane, signal);
    } catch (error) {
      settle(false);
      const failure = signal?.aborted ? abortedError(ctx.secrets) : asApiError(error, ctx.secrets);
      return { ok: false, error: failure.withRetries(retries), wasPossiblyApplied };
    }
    const outcome = await attempt(req, { ...ctx, signal });
    const status = outcome.type === 'response' ? outcome.raw.status : undefined;
    const retryAfterMs = outcome.type === 'response' && (status ?? 0) >= 300 ? parseRetryAfter(headerValue(outcome.raw, 'retry-after'), ctx.now()) : undefined;
    ctx.lanes?.leave(lane, { ...(status !== undefined && { status }), ...(retryAfterMs !== undefined && { retryAfterMs }) });
    let error: ApiError;
    let mayHaveApplied: boolean;
    if (outcome.type === 'response') {
      const { raw } = outcome;
      if (raw.status >= 200 && raw.status < 300) {
        settle(true, raw.status);
        return { ok: true, raw, retries, wasPossiblyApplied };
      }
      error = errorFromResponse(raw, ctx.secrets);
      mayHaveApplied = raw.status >= 500;
    } else {
      error = outcome.error;
      mayHaveApplied = outcome.isPossiblySent;
    }
    const decision =
      error.kind === 'aborted'
        ? ({ retry: false } as const)
        : decideRetry({ retriesSoFar: retries, reason: retryReasonOf(error), retryAfterMs }, policyOf(ctx.policy, call), ctx.random);
    if (!decision.retry) {
      settle(false, error.status);
      return { ok: false, error: error.withRetries(retries), wasPossiblyApplied };
    }
    wasPossiblyApplied ||= mayHaveApplied;
    const info: RetryInfo = {
      attempt: retries + 1,
      delayMs: decision.delayMs,
      reason: decision.reason,
      ...(error.status !== undefined && { status: error.status }),
      ...(error.requestId !== undefined && { requestId: error.requestId }),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    };
    safely(ctx.hooks?.onRetry, info);
    safely(call.hooks?.onRetry, info);
    try {
      await ctx.sleep(decision.delayMs, signal);
    } catch {
      // Only an abort interrupts the default sleep; an injected one may throw anything.
    }
    if (signal?.aborted) {
      settle(false);
      return { ok: false, error: abortedError(ctx.secrets).withRetries(retries), wasPossiblyApplied };
    }
    retries += 1;
  }
}

/** Wraps anything thrown by caller code (a pacing hook) as an ApiError. */
function asApiError(error: unknown, secrets: readonly string[]): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ kind: 'aborted', code: 'aborted', message: `The request was not sent: ${message}`, secrets });
}
