/**
 * A bulk run of the console as a pure reducer: the question with the count, the run with
 * its progress and the outcomes so far, stopping, the question before quitting mid-run,
 * and the results panel with one outcome per order. The state lives in the app's bulk-run
 * store (above the list), so a resize or a list refresh never touches it.
 */
import type { QueueCounts } from '../../../api/bulk/index.js';
import type { DisplayText } from '../../../format/sanitize.js';
import type { LeftOut } from './bulk-format.js';

/** What a bulk run does to each order. */
export type BulkKind = 'receive' | 'approve';

/** How one order ended; exactly one per order of a run (texts from the service sanitized). */
export type OrderOutcome =
  | {
      readonly id: number;
      readonly name: DisplayText | null;
      readonly result: 'ok';
      readonly isAlreadyApplied: boolean;
      /** The order's status after the write, when known. */
      readonly status: DisplayText | null;
      /** Approve all: decisions taken from the order's saved draft (absent: none). */
      readonly fromDraft?: number;
    }
  | {
      readonly id: number;
      readonly name: DisplayText | null;
      readonly result: 'failed';
      readonly code: DisplayText;
      readonly message: DisplayText;
      readonly httpStatus?: number;
      readonly requestId?: DisplayText;
    }
  | { readonly id: number; readonly name: DisplayText | null; readonly result: 'not-done' };

/** Progress as the bulk queue reports it. */
export interface RunProgress
  extends Pick<QueueCounts, 'total' | 'done' | 'ok' | 'alreadyApplied' | 'failed' | 'skipped' | 'running'> {
  /** The limiter's pace, requests per second. */
  readonly rate: number;
  /** True while every request waits out the service's Retry-After. */
  readonly isPaused: boolean;
  /** 429 answers so far. */
  readonly rateLimited: number;
}

export type BulkRunState =
  | { readonly phase: 'idle' }
  | {
      readonly phase: 'confirm';
      readonly kind: BulkKind;
      readonly ids: readonly number[];
      /** Marked orders left out: their status is one this version does not know (read-only). Absent: none. */
      readonly skipped?: readonly number[];
      /** Marked orders left out: their status, as the list read it, makes the write impossible. Absent: none. */
      readonly leftOut?: readonly LeftOut[];
    }
  | {
      readonly phase: 'running';
      readonly kind: BulkKind;
      readonly ids: readonly number[];
      readonly startedAt: number;
      readonly progress: RunProgress;
      /** Outcomes in the order they settled. */
      readonly settled: readonly OrderOutcome[];
      readonly isStopping: boolean;
      /** The "quit while running?" question is open. */
      readonly isQuitAsked: boolean;
      /** Quit was confirmed: the console exits when the run has wound down. */
      readonly isQuitting: boolean;
    }
  | {
      readonly phase: 'results';
      readonly kind: BulkKind;
      readonly ids: readonly number[];
      /** One per order, in the order of `ids`. */
      readonly outcomes: readonly OrderOutcome[];
      readonly isStopped: boolean;
      readonly elapsedMs: number;
      /** Local problems after the run (e.g. the activity log could not be written). */
      readonly warnings: readonly string[];
      /** First row of the results list on screen. */
      readonly scroll: number;
    };

export type BulkRunAction =
  | { readonly type: 'ask'; readonly kind: BulkKind; readonly ids: readonly number[]; readonly skipped?: readonly number[]; readonly leftOut?: readonly LeftOut[] }
  | { readonly type: 'cancel' }
  | { readonly type: 'started'; readonly startedAt: number }
  | { readonly type: 'progress'; readonly progress: RunProgress }
  | { readonly type: 'outcome'; readonly outcome: OrderOutcome }
  | { readonly type: 'stop' }
  | { readonly type: 'ask-quit' }
  | { readonly type: 'answer-quit'; readonly isYes: boolean }
  | {
      readonly type: 'finished';
      readonly outcomes: readonly OrderOutcome[];
      readonly isStopped: boolean;
      readonly elapsedMs: number;
      readonly warnings: readonly string[];
    }
  | { readonly type: 'scroll'; readonly by: number; readonly visibleRows: number }
  | { readonly type: 'close' };

export const IDLE: BulkRunState = { phase: 'idle' };

/** Progress before the first report of the queue. */
export function initialProgress(total: number): RunProgress {
  return { total, done: 0, ok: 0, alreadyApplied: 0, failed: 0, skipped: 0, running: 0, rate: 0, isPaused: false, rateLimited: 0 };
}

/** True while requests may still be going out or coming back. */
export function isRunInProgress(state: BulkRunState): boolean {
  return state.phase === 'running';
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** The bulk run reducer. Actions that do not fit the phase leave the state as it is. */
export function bulkRunReducer(state: BulkRunState, action: BulkRunAction): BulkRunState {
  switch (action.type) {
    case 'ask':
      // A run in progress is never replaced; an open question or old results are.
      if (state.phase === 'running' || action.ids.length === 0) return state;
      return {
        phase: 'confirm',
        kind: action.kind,
        ids: [...new Set(action.ids)],
        ...(action.skipped?.length && { skipped: [...new Set(action.skipped)] }),
        ...(action.leftOut?.length && { leftOut: action.leftOut }),
      };
    case 'cancel':
      return state.phase === 'confirm' ? IDLE : state;
    case 'started':
      if (state.phase !== 'confirm') return state;
      return {
        phase: 'running',
        kind: state.kind,
        ids: state.ids,
        startedAt: action.startedAt,
        progress: initialProgress(state.ids.length),
        settled: [],
        isStopping: false,
        isQuitAsked: false,
        isQuitting: false,
      };
    case 'progress':
      return state.phase === 'running' ? { ...state, progress: action.progress } : state;
    case 'outcome':
      return state.phase === 'running' ? { ...state, settled: [...state.settled, action.outcome] } : state;
    case 'stop':
      return state.phase === 'running' && !state.isStopping ? { ...state, isStopping: true } : state;
    case 'ask-quit':
      return state.phase === 'running' && !state.isQuitting ? { ...state, isQuitAsked: true } : state;
    case 'answer-quit':
      if (state.phase !== 'running' || !state.isQuitAsked) return state;
      return action.isYes
        ? { ...state, isQuitAsked: false, isQuitting: true, isStopping: true }
        : { ...state, isQuitAsked: false };
    case 'finished':
      if (state.phase !== 'running') return state;
      return {
        phase: 'results',
        kind: state.kind,
        ids: state.ids,
        outcomes: action.outcomes,
        isStopped: action.isStopped,
        elapsedMs: action.elapsedMs,
        warnings: action.warnings,
        scroll: 0,
      };
    case 'scroll': {
      if (state.phase !== 'results') return state;
      const max = Math.max(0, state.outcomes.length - Math.max(1, action.visibleRows));
      return { ...state, scroll: clamp(state.scroll + action.by, 0, max) };
    }
    case 'close':
      return state.phase === 'results' ? IDLE : state;
  }
}

/** Orders that went through (ok or already applied): they are unmarked after the run. */
export function succeededIds(outcomes: readonly OrderOutcome[]): number[] {
  return outcomes.filter((o) => o.result === 'ok').map((o) => o.id);
}
