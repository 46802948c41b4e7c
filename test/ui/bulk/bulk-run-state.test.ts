/** The bulk run reducer and the bulk panel's texts, without rendering. */
import { describe, expect, it } from 'vitest';
import { sanitizeForTerminal as safe } from '../../../src/format/sanitize.js';
import {
  confirmQuestion,
  countOutcomes,
  etaText,
  throughput,
  outcomeLine,
  outcomeLines,
  outcomesFittingAtEnd,
  progressBar,
  progressText,
  resultsAdvice,
  leftOutText,
  resultsSummary,
  runStatusText,
} from '../../../src/ui/screens/bulk/bulk-format.js';
import {
  bulkRunReducer,
  IDLE,
  initialProgress,
  succeededIds,
  type BulkRunState,
  type OrderOutcome,
} from '../../../src/ui/screens/bulk/bulk-run-state.js';

const run = (state: BulkRunState, ...actions: Parameters<typeof bulkRunReducer>[1][]) => actions.reduce(bulkRunReducer, state);

const ok = (id: number, isAlreadyApplied = false): OrderOutcome => ({ id, name: safe(`#N${id}`), result: 'ok', isAlreadyApplied, status: safe('received') });
const failed = (id: number): OrderOutcome => ({ id, name: safe(`#N${id}`), result: 'failed', code: safe('invalid_state_transition'), message: safe('Not reviewed.'), httpStatus: 422, requestId: safe('req_1') });
const notDone = (id: number): OrderOutcome => ({ id, name: null, result: 'not-done' });

describe('bulkRunReducer', () => {
  it('asks, starts, reports progress and outcomes, and ends in results', () => {
    let s = run(IDLE, { type: 'ask', kind: 'receive', ids: [1, 2, 2, 3] });
    expect(s).toEqual({ phase: 'confirm', kind: 'receive', ids: [1, 2, 3] });
    expect(run(IDLE, { type: 'ask', kind: 'receive', ids: [1], skipped: [2, 2] })).toEqual({ phase: 'confirm', kind: 'receive', ids: [1], skipped: [2] });
    s = run(s, { type: 'started', startedAt: 1000 });
    expect(s.phase).toBe('running');
    s = run(s, { type: 'progress', progress: { ...initialProgress(3), done: 1, ok: 1 } }, { type: 'outcome', outcome: ok(1) });
    if (s.phase !== 'running') throw new Error('not running');
    expect(s.progress.done).toBe(1);
    expect(s.settled).toEqual([ok(1)]);
    s = run(s, { type: 'finished', outcomes: [ok(1), failed(2), notDone(3)], isStopped: true, elapsedMs: 500, warnings: [] });
    expect(s).toMatchObject({ phase: 'results', isStopped: true, scroll: 0 });
    expect(run(s, { type: 'close' })).toBe(IDLE);
  });

  it('never replaces a run in progress, and ignores an empty ask', () => {
    const running = run(IDLE, { type: 'ask', kind: 'approve', ids: [1] }, { type: 'started', startedAt: 0 });
    expect(run(running, { type: 'ask', kind: 'receive', ids: [5] })).toBe(running);
    expect(run(IDLE, { type: 'ask', kind: 'receive', ids: [] })).toBe(IDLE);
    expect(run(running, { type: 'close' })).toBe(running);
  });

  it('cancel leaves the question; stop and quit only apply while running', () => {
    expect(run(IDLE, { type: 'ask', kind: 'receive', ids: [1] }, { type: 'cancel' })).toBe(IDLE);
    expect(run(IDLE, { type: 'stop' })).toBe(IDLE);
    let s = run(IDLE, { type: 'ask', kind: 'receive', ids: [1] }, { type: 'started', startedAt: 0 }, { type: 'ask-quit' });
    expect(s).toMatchObject({ isQuitAsked: true, isStopping: false });
    expect(run(s, { type: 'answer-quit', isYes: false })).toMatchObject({ isQuitAsked: false, isQuitting: false, isStopping: false });
    s = run(s, { type: 'answer-quit', isYes: true });
    expect(s).toMatchObject({ isQuitAsked: false, isQuitting: true, isStopping: true });
  });

  it('scrolls the results within the list', () => {
    let s = run(IDLE, { type: 'ask', kind: 'receive', ids: [1, 2, 3, 4, 5] }, { type: 'started', startedAt: 0 });
    s = run(s, { type: 'finished', outcomes: [1, 2, 3, 4, 5].map((id) => ok(id)), isStopped: false, elapsedMs: 1, warnings: [] });
    expect(run(s, { type: 'scroll', by: 10, visibleRows: 2 })).toMatchObject({ scroll: 3 });
    expect(run(s, { type: 'scroll', by: -1, visibleRows: 2 })).toMatchObject({ scroll: 0 });
  });

  it('succeededIds: ok and already applied, not failed or not done', () => {
    expect(succeededIds([ok(1), ok(2, true), failed(3), notDone(4)])).toEqual([1, 2]);
  });
});

describe('bulk texts', () => {
  it('asks with the count and the first names', () => {
    const names = new Map([[1, '#N1'], [2, '#N2']]);
    expect(confirmQuestion('receive', [1, 2, 3], (id) => names.get(id) ?? null)).toBe('Mark 3 orders received (#N1, #N2, order 3)?');
    expect(confirmQuestion('approve', [1, 2, 3, 4, 5, 6, 7], () => null)).toContain('Approve every undecided item of 7 orders, one review each');
    // Orders whose status this version does not know are counted as skipped.
    expect(confirmQuestion('receive', [1, 3], (id) => names.get(id) ?? null, 0, [2])).toBe(
      'Mark 2 orders received (#N1, order 3)? 1 order has a status this version does not know and is skipped (#N2): read-only in this version.',
    );
    expect(confirmQuestion('approve', [1], () => null, 0, [2, 3])).toContain('2 orders have a status this version does not know and are skipped (order 2, order 3)');
    expect(confirmQuestion('approve', [1, 2, 3, 4, 5, 6, 7], () => null)).toContain('… 2 more');
    expect(confirmQuestion('approve', [1, 2, 3], () => null)).not.toContain('draft');
    expect(confirmQuestion('approve', [1, 2, 3], () => null, 1)).toContain('1 order has a saved draft: its decisions are sent as drafted.');
    expect(confirmQuestion('approve', [1, 2, 3], () => null, 2)).toContain('2 orders have a saved draft: their decisions are sent as drafted.');
  });

  it('draws the bar and the progress line with rate and ETA', () => {
    expect(progressBar(5, 10, 10)).toBe('█████░░░░░');
    expect(progressBar(0, 0, 4)).toBe('████');
    const p = { ...initialProgress(40), done: 10, ok: 8, failed: 2 };
    expect(progressText(p, 2000)).toBe('10/40 done · 8 ok · 2 failed · 5.0 orders/s · ETA 6 s');
    expect(etaText({ done: 0, total: 4 }, 1000)).toBe('ETA –');
    // The first answers arrive within milliseconds: no rate (it once read 2000 orders/s).
    expect(progressText({ ...p, done: 2, ok: 2, failed: 0 }, 1)).toBe('2/40 done · 2 ok · 0 failed · rate – · ETA –');
    expect(throughput(2, 1)).toBe(0);
    // Ten orders within the first second count as done in one second at most.
    expect(throughput(10, 5)).toBe(10);
    expect(throughput(3, 1500)).toBe(2);
    expect(etaText({ done: 1, total: 1000 }, 1000)).toBe('ETA 17 min');
  });

  it('says when stopping, quitting or rate limited', () => {
    const p = { ...initialProgress(4), running: 2, rateLimited: 3, isPaused: true };
    expect(runStatusText(p, true, false)).toMatch(/^Stopping: no new requests; waiting for 2 requests in flight/);
    expect(runStatusText(p, true, true)).toMatch(/^Quitting/);
    expect(runStatusText(p, false, false)).toMatch(/Paused: the service asked to slow down \(3 429 answers/);
    expect(runStatusText(initialProgress(4), false, false)).toBeNull();
  });

  it('writes one line per outcome with code, status, message and request id', () => {
    expect(outcomeLine('receive', ok(1))).toBe('#N1 (1)  ✓ received'); // not: received, now received
    expect(outcomeLine('receive', ok(1, true))).toBe('#N1 (1)  ✓ already applied');
    expect(outcomeLine('approve', failed(2))).toBe('#N2 (2)  ✗ failed (HTTP 422, request req_1): Not reviewed. [invalid_state_transition]');
    expect(outcomeLines('approve', failed(2))).toEqual(['#N2 (2)  ✗ failed (HTTP 422, request req_1)', '    Not reviewed. [invalid_state_transition]']);
    expect(outcomesFittingAtEnd('approve', [ok(1), failed(2), ok(3)], 3)).toBe(2);
    expect(outcomeLine('approve', notDone(3))).toBe('order 3  – not done (stopped before it was sent)');
  });

  it('sums up and says what to do next', () => {
    const outcomes = [ok(1), ok(2, true), failed(3), notDone(4)];
    expect(countOutcomes(outcomes)).toEqual({ ok: 2, alreadyApplied: 1, failed: 1, notDone: 1 });
    expect(resultsSummary('receive', outcomes, true, 1500)).toBe('Bulk receive stopped: 2 ok (1 already applied), 1 failed, 1 not done, in 1.5 s.');
    const keys = { retry: 'r', refresh: 'R' };
    expect(resultsAdvice('receive', outcomes, keys)).toBe(
      '2 orders that went through are unmarked. Those that did not go through stay marked. 1 order can be tried again: press r on the list to receive it again. 1 order changed status since the list was read: press R to see its status (a pending order needs a review first).',
    );
    expect(resultsAdvice('approve', [ok(1)], { retry: 'A', refresh: 'R' })).toBe('1 order that went through is unmarked. Every order went through.');
    // Each failure gets the one step that can succeed, never "again" for what cannot.
    const fail = (id: number, code: string): OrderOutcome => ({ ...(failed(id) as Extract<OrderOutcome, { result: 'failed' }>), code: safe(code) });
    const advice = resultsAdvice('receive', [fail(1, 'return_order_not_found'), fail(2, 'network_error'), fail(3, 'activity_log_unwritable'), fail(4, 'invalid_api_key'), fail(5, 'item_not_found')], keys);
    expect(advice).toBe(
      'Those that did not go through stay marked. 1 order can be tried again: press r on the list to receive it again. 1 order was not sent: the activity log could not be written; free some space, then press r again. The key was refused for 1 order: fix the key (returns-console config), then try again. 1 order was refused as sent: open it to decide by hand. 1 order needs nothing more (gone, or already done).',
    );
  });

  it('leaves out, before asking, what cannot succeed, and says the step that can', () => {
    const names = new Map([[1, '#N1'], [2, '#N2'], [3, '#N3']]);
    const nameOf = (id: number) => names.get(id) ?? null;
    expect(leftOutText('receive', [{ id: 1, status: 'pending' }, { id: 2, status: 'received' }], nameOf)).toBe(
      '#N1 is not reviewed yet: review it first (Enter opens an order). #N2 is already received: nothing to receive.',
    );
    expect(leftOutText('approve', [{ id: 1, status: 'reviewed' }, { id: 3, status: 'rejected' }], nameOf)).toBe('#N1, #N3 are already reviewed or rejected: nothing to approve.');
    expect(confirmQuestion('receive', [3], nameOf, 0, [], [{ id: 1, status: 'pending' }])).toBe('Mark 1 order received (#N3)? Left out: #N1 is not reviewed yet: review it first (Enter opens an order).');
  });
});
