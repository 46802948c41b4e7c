import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QueueInvariantError,
  countsOf,
  initialQueueState,
  isFinished,
  nextToStart,
  queueReducer,
  type QueueState,
} from '../../src/api/bulk/queue-state.js';

describe('queueReducer', () => {
  it('starts in order up to the concurrency', () => {
    let s = initialQueueState(5);
    const started: number[] = [];
    for (let i = nextToStart(s, 2); i !== null; i = nextToStart(s, 2)) {
      s = queueReducer(s, { type: 'start', index: i });
      started.push(i);
    }
    expect(started).toEqual([0, 1]);
    s = queueReducer(s, { type: 'settle', index: 1, status: 'ok' });
    expect(nextToStart(s, 2)).toBe(2);
  });
  it('refuses a second settle, a settle of an item not running, a start out of order or after stop', () => {
    let s = queueReducer(initialQueueState(3), { type: 'start', index: 0 });
    s = queueReducer(s, { type: 'settle', index: 0, status: 'failed' });
    expect(() => queueReducer(s, { type: 'settle', index: 0, status: 'ok' })).toThrow(QueueInvariantError);
    expect(() => queueReducer(s, { type: 'settle', index: 2, status: 'ok' })).toThrow(QueueInvariantError);
    expect(() => queueReducer(s, { type: 'start', index: 2 })).toThrow(QueueInvariantError);
    const stopped = queueReducer(s, { type: 'stop' });
    expect(() => queueReducer(stopped, { type: 'start', index: 1 })).toThrow(QueueInvariantError);
  });
  it('after a stop, lets running items settle and counts the rest as skipped', () => {
    let s = initialQueueState(10);
    s = queueReducer(s, { type: 'start', index: 0 });
    s = queueReducer(s, { type: 'start', index: 1 });
    s = queueReducer(s, { type: 'stop' });
    expect(nextToStart(s, 4)).toBeNull();
    expect(isFinished(s)).toBe(false);
    s = queueReducer(s, { type: 'settle', index: 0, status: 'ok', isAlreadyApplied: true });
    s = queueReducer(s, { type: 'settle', index: 1, status: 'ok' });
    expect(isFinished(s)).toBe(true);
    expect(countsOf(s)).toEqual({
      total: 10, done: 10, ok: 2, alreadyApplied: 1, failed: 0, skipped: 8, running: 0, queued: 0, isStopping: true,
    });
  });

  it('any run gives every item exactly one outcome (property)', () => {
    // A scheduler picks, at each step, to start, to settle some running item, or to stop.
    const step = fc.record({
      action: fc.constantFrom('start', 'settle', 'stop'),
      pick: fc.nat(),
      status: fc.constantFrom('ok', 'failed', 'skipped'),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 6 }), fc.array(step, { maxLength: 200 }), (total, concurrency, steps) => {
        let s: QueueState = initialQueueState(total);
        const settled = new Map<number, string>();
        const apply = (st: (typeof steps)[number]) => {
          if (st.action === 'start') {
            const i = nextToStart(s, concurrency);
            if (i !== null) s = queueReducer(s, { type: 'start', index: i });
          } else if (st.action === 'settle' && s.running.length > 0) {
            const i = s.running[st.pick % s.running.length]!;
            s = queueReducer(s, { type: 'settle', index: i, status: st.status as 'ok' });
            expect(settled.has(i)).toBe(false);
            settled.set(i, st.status);
          } else if (st.action === 'stop') {
            s = queueReducer(s, { type: 'stop' });
          }
          expect(s.running.length).toBeLessThanOrEqual(concurrency);
        };
        steps.forEach(apply);
        // Drain: settle everything running, start the rest unless stopped.
        for (let guard = 0; !isFinished(s) && guard < 1000; guard++) {
          apply({ action: 'start', pick: 0, status: 'ok' });
          apply({ action: 'settle', pick: 0, status: 'ok' });
        }
        const c = countsOf(s);
        expect(isFinished(s)).toBe(true);
        expect(c.ok + c.failed + c.skipped).toBe(total);
        expect(c.done).toBe(total);
        expect(settled.size + (total - s.next)).toBe(total);
      }),
    );
  });
});
