import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  backoffMs,
  decideRetry,
  parseRetryAfter,
  retryReasonOf,
} from '../../src/api/client/retry-policy.js';

const mid = () => 0.5;

describe('retryReasonOf', () => {
  it('retries 429, 5xx, network failures and timeouts', () => {
    expect(retryReasonOf({ kind: 'rate_limit', status: 429 })).toBe('rate_limited');
    expect(retryReasonOf({ kind: 'api', status: 500 })).toBe('server_error');
    expect(retryReasonOf({ kind: 'api', status: 503 })).toBe('server_error');
    expect(retryReasonOf({ kind: 'network' })).toBe('network');
    expect(retryReasonOf({ kind: 'timeout' })).toBe('timeout');
  });
  it('never retries any other 4xx or client-side failure', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422]) {
      expect(retryReasonOf({ kind: 'validation', status })).toBeNull();
    }
    for (const kind of ['schema', 'aborted', 'config'] as const) expect(retryReasonOf({ kind })).toBeNull();
  });
});

describe('backoffMs', () => {
  it('doubles from the base: about 1 s, 2 s, 4 s, 8 s', () => {
    expect([0, 1, 2, 3].map((i) => backoffMs(i, DEFAULT_RETRY_POLICY, mid))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('jitters within ±25 %', () => {
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(1500);
    expect(backoffMs(1, DEFAULT_RETRY_POLICY, () => 0.999999)).toBe(2500);
  });
  it('is capped', () => {
    expect(backoffMs(20, DEFAULT_RETRY_POLICY, mid)).toBe(DEFAULT_RETRY_POLICY.maxBackoffMs);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-02T09:15:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date', () => {
    expect(parseRetryAfter('Mon, 02 Nov 2026 09:15:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Mon, 02 Nov 2026 09:14:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('decideRetry', () => {
  const policy = { ...DEFAULT_RETRY_POLICY, maxRetries: 2 };
  it('backs off exponentially until the maximum is reached', () => {
    expect(decideRetry({ retriesSoFar: 0, reason: 'server_error' }, policy, mid)).toEqual({ retry: true, reason: 'server_error', delayMs: 1000 });
    expect(decideRetry({ retriesSoFar: 1, reason: 'network' }, policy, mid)).toEqual({ retry: true, reason: 'network', delayMs: 2000 });
    expect(decideRetry({ retriesSoFar: 2, reason: 'network' }, policy, mid)).toEqual({ retry: false });
  });
  it('does not retry a final failure', () => {
    expect(decideRetry({ retriesSoFar: 0, reason: null }, policy, mid)).toEqual({ retry: false });
  });
  it('honours Retry-After, never earlier, at most 10 % later', () => {
    const low = decideRetry({ retriesSoFar: 0, reason: 'rate_limited', retryAfterMs: 3000 }, policy, () => 0);
    const high = decideRetry({ retriesSoFar: 0, reason: 'rate_limited', retryAfterMs: 3000 }, policy, () => 0.999);
    expect(low).toEqual({ retry: true, reason: 'rate_limited', delayMs: 3000 });
    expect(high.retry && high.delayMs).toBeLessThanOrEqual(3300);
  });
  it('gives up when Retry-After asks for more than the policy waits', () => {
    expect(decideRetry({ retriesSoFar: 0, reason: 'rate_limited', retryAfterMs: 3_600_000 }, policy, mid)).toEqual({ retry: false });
  });
  it('makes no retry at all with maxRetries 0', () => {
    expect(decideRetry({ retriesSoFar: 0, reason: 'rate_limited' }, { ...policy, maxRetries: 0 }, mid)).toEqual({ retry: false });
  });
});
