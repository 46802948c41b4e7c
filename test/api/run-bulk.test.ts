/**
 * The bulk runner with in-memory workers (no HTTP): ordering, concurrency, exactly one
 * outcome per item, stop and abort semantics, and how it learns from the client's hooks.
 * The same runner against the real sandbox is in bulk-sandbox.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { runBulk, type BulkCall, type BulkOutcome } from '../../src/api/bulk/index.js';
import { ApiError } from '../../src/api/client/errors.js';

/** A promise the test resolves by hand. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const items = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('runBulk', () => {
  it('gives every item exactly one outcome, in item order, within the concurrency', async () => {
    let running = 0;
    let maxRunning = 0;
    const seen: number[] = [];
    const report = await runBulk(
      items(40),
      async (n, call) => {
        await call.beforeAttempt(call.signal);
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setImmediate(r));
        running -= 1;
        if (n % 10 === 0) throw new ApiError({ kind: 'state', status: 422, code: 'invalid_state_transition', message: 'no' });
        if (n % 7 === 0) throw new Error('worker bug');
        return { isAlreadyApplied: n % 5 === 0 };
      },
      { concurrency: 3, ratePerSecond: 10_000, onOutcome: (o) => seen.push(o.index) },
    );
    expect(maxRunning).toBeLessThanOrEqual(3);
    expect(report.outcomes.map((o) => o.index)).toEqual(items(40).map((n) => n - 1));
    expect([...seen].sort((a, b) => a - b)).toEqual(items(40).map((n) => n - 1));
    expect(report.counts).toMatchObject({ total: 40, done: 40, failed: 4 + 5, skipped: 0 });
    expect(report.counts.ok).toBe(40 - 9);
    const byItem = new Map(report.outcomes.map((o) => [o.item, o]));
    expect(byItem.get(10)).toMatchObject({ status: 'failed', error: { code: 'invalid_state_transition' } });
    expect(byItem.get(7)).toMatchObject({ status: 'failed', error: { kind: 'api', code: 'unexpected_error' } });
    expect(byItem.get(5)).toMatchObject({ status: 'ok', isAlreadyApplied: true });
    expect(report.counts.alreadyApplied).toBe(report.outcomes.filter((o) => o.status === 'ok' && o.isAlreadyApplied).length);
    expect(report.isStopped).toBe(false);
  });

  it('handles an empty list', async () => {
    const report = await runBulk([], async () => 1);
    expect(report.outcomes).toEqual([]);
    expect(report.counts.done).toBe(0);
  });

  it('on stop: starts nothing new, lets in-flight items finish, skips the rest', async () => {
    const stop = new AbortController();
    const gates = new Map<number, ReturnType<typeof deferred<void>>>();
    const started: number[] = [];
    const run = runBulk(
      items(10),
      async (n, call) => {
        await call.beforeAttempt(call.signal);
        started.push(n);
        const gate = deferred();
        gates.set(n, gate);
        await gate.promise;
        return n;
      },
      { concurrency: 2, ratePerSecond: 10_000, signal: stop.signal },
    );
    await expectEventually(() => gates.size === 2);
    gates.get(1)!.resolve();
    await expectEventually(() => gates.size === 3);
    stop.abort();
    // In flight when stopped: 2 and 3. They finish, and nothing else starts.
    gates.get(2)!.resolve();
    gates.get(3)!.resolve();
    const report = await run;
    expect(started).toEqual([1, 2, 3]);
    expect(report.outcomes.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', ...Array(7).fill('skipped')]);
    expect(report.isStopped).toBe(true);
    expect(report.counts).toMatchObject({ ok: 3, skipped: 7, done: 10, running: 0, queued: 0 });
  });

  it('on stop: an item still waiting for its first token is not sent (skipped)', async () => {
    const stop = new AbortController();
    const sent: number[] = [];
    const waiting = deferred();
    const run = runBulk(
      items(5),
      async (n, call) => {
        if (n === 2) waiting.resolve();
        await call.beforeAttempt(call.signal);
        sent.push(n);
        return n;
      },
      // 0.5/s: the second item waits about 2 s for its token; the stop comes first.
      { concurrency: 5, ratePerSecond: 0.5, limiter: { minRate: 0.1 }, signal: stop.signal },
    );
    await waiting.promise;
    stop.abort();
    const report = await run;
    expect(sent).toEqual([1]);
    expect(report.outcomes.map((o) => o.status)).toEqual(['ok', 'skipped', 'skipped', 'skipped', 'skipped']);
  });

  it('a hard abort cancels requests in flight: they fail as aborted, the rest are skipped', async () => {
    const abort = new AbortController();
    const inFlight = deferred();
    const run = runBulk(
      items(4),
      async (_n, call: BulkCall) => {
        await call.beforeAttempt(call.signal);
        inFlight.resolve();
        await new Promise((_, reject) =>
          call.signal.addEventListener('abort', () =>
            reject(new ApiError({ kind: 'aborted', code: 'aborted', message: 'cancelled' })),
          ),
        );
      },
      { concurrency: 1, ratePerSecond: 10_000, abortSignal: abort.signal },
    );
    await inFlight.promise;
    abort.abort();
    const report = await run;
    expect(report.outcomes.map((o) => o.status)).toEqual(['failed', 'skipped', 'skipped', 'skipped']);
    expect((report.outcomes[0] as Extract<BulkOutcome<number, unknown>, { status: 'failed' }>).error.kind).toBe('aborted');
  });

  it('a failure before sending anything is failed, not skipped', async () => {
    const report = await runBulk(items(1), async () => {
      throw new ApiError({ kind: 'validation', code: 'invalid_argument', message: 'bad id' });
    });
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', error: { code: 'invalid_argument' } });
  });

  it('slows down when the client reports a 429 retry, and reports it in progress', async () => {
    const rates: number[] = [];
    const report = await runBulk(
      items(3),
      async (n, call) => {
        await call.beforeAttempt(call.signal);
        if (n === 1) call.hooks.onRetry?.({ attempt: 1, delayMs: 5, reason: 'rate_limited', status: 429, retryAfterMs: 5 });
        call.hooks.onSettled?.({ ok: true, status: 200 });
        return n;
      },
      { concurrency: 1, ratePerSecond: 1_000, onProgress: (p) => rates.push(p.rate) },
    );
    expect(report.rateLimited).toBe(1);
    expect(report.finalRate).toBeLessThan(1_000);
    expect(Math.min(...rates)).toBe(750);
  });
});

async function expectEventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  expect(check()).toBe(true);
}
