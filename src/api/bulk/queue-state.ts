/**
 * The bulk queue's bookkeeping as a pure reducer. Items start strictly in order, each at
 * most once, and settle only from running, each exactly once; after a stop no item
 * starts, and when the queue is finished every item not started counts as skipped. So
 * every item ends in exactly one outcome, by construction (and checked by the tests).
 */

export interface QueueState {
  readonly total: number;
  /** Index of the next item to start; items below it have started. */
  readonly next: number;
  /** Indices of items started and not yet settled. */
  readonly running: readonly number[];
  readonly ok: number;
  /** Of `ok`: writes found already applied (reconciled). */
  readonly alreadyApplied: number;
  readonly failed: number;
  /** Items never sent: not started when the run stopped, or stopped while waiting to send. */
  readonly skipped: number;
  readonly isStopping: boolean;
}

export type QueueEvent =
  | { readonly type: 'start'; readonly index: number }
  | { readonly type: 'settle'; readonly index: number; readonly status: 'ok' | 'failed' | 'skipped'; readonly isAlreadyApplied?: boolean }
  | { readonly type: 'stop' };

/** A broken invariant: a bug in the runner, never a user error. */
export class QueueInvariantError extends Error {
  override readonly name = 'QueueInvariantError';
}

export function initialQueueState(total: number): QueueState {
  return { total, next: 0, running: [], ok: 0, alreadyApplied: 0, failed: 0, skipped: 0, isStopping: false };
}

export function queueReducer(state: QueueState, event: QueueEvent): QueueState {
  switch (event.type) {
    case 'start': {
      if (state.isStopping) throw new QueueInvariantError(`item ${event.index} started after stop`);
      if (event.index !== state.next || event.index >= state.total) {
        throw new QueueInvariantError(`item ${event.index} started out of order (next is ${state.next})`);
      }
      return { ...state, next: state.next + 1, running: [...state.running, event.index] };
    }
    case 'settle': {
      if (!state.running.includes(event.index)) {
        throw new QueueInvariantError(`item ${event.index} settled but was not running`);
      }
      const running = state.running.filter((i) => i !== event.index);
      if (event.status === 'ok') {
        return { ...state, running, ok: state.ok + 1, alreadyApplied: state.alreadyApplied + (event.isAlreadyApplied ? 1 : 0) };
      }
      if (event.status === 'failed') return { ...state, running, failed: state.failed + 1 };
      return { ...state, running, skipped: state.skipped + 1 };
    }
    case 'stop':
      return state.isStopping ? state : { ...state, isStopping: true };
  }
}

/** The next item to start, or null (stopping, all started, or the concurrency is used). */
export function nextToStart(state: QueueState, concurrency: number): number | null {
  if (state.isStopping || state.next >= state.total || state.running.length >= concurrency) return null;
  return state.next;
}

/** True when nothing runs and nothing more will start. */
export function isFinished(state: QueueState): boolean {
  return state.running.length === 0 && (state.isStopping || state.next >= state.total);
}

/** Items that will never start (counted as skipped in the report). */
export function notStarted(state: QueueState): number {
  return state.total - state.next;
}

export interface QueueCounts {
  readonly total: number;
  readonly done: number;
  readonly ok: number;
  readonly alreadyApplied: number;
  readonly failed: number;
  readonly skipped: number;
  readonly running: number;
  readonly queued: number;
  readonly isStopping: boolean;
}

/** Counts for a progress display; `skipped` includes the items that will never start once finished. */
export function countsOf(state: QueueState): QueueCounts {
  const finished = isFinished(state);
  const skipped = state.skipped + (finished ? notStarted(state) : 0);
  return {
    total: state.total,
    done: state.ok + state.failed + skipped,
    ok: state.ok,
    alreadyApplied: state.alreadyApplied,
    failed: state.failed,
    skipped,
    running: state.running.length,
    queued: finished ? 0 : notStarted(state),
    isStopping: state.isStopping,
  };
}
