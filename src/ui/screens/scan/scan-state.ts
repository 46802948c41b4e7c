/**
 * Scan mode as a pure reducer: the text at the prompt, the queue of scans waiting (kept on
 * disk too: src/local/scan-queue.ts), the one being sent, whether the service is answering,
 * the review opened for a pending order, and the history of outcomes. Scans are processed
 * strictly one after another in the order they came; typing goes on while one is
 * processed (the queue grows), so the prompt is always ready. The same code again within
 * the profile's repeat time is a repeat: shown, not processed again.
 */
import type { DisplayText } from '../../../format/sanitize.js';
import type { HeldReason } from '../../../ops/scan-queue.js';
import type { ScannedOrder, ScanOutcome } from '../../../ops/scan.js';
import { feedScanInput, type ScanKey } from './scan-input.js';

export interface Scan {
  /** Order of arrival, from 1. */
  readonly seq: number;
  /** Its id in the queue on disk. */
  readonly id: string;
  readonly text: string;
  /** When it was scanned (ms since the epoch). */
  readonly at: number;
  /** Scanned in an earlier run of scan mode (or of the console), kept in the queue. */
  readonly isFromBefore?: boolean;
}

/** What came of a scan: its outcome, or that it was a repeat or a scan cut short. */
export type EntryOutcome =
  | ScanOutcome
  /** The same code scanned `agoMs` after the first, within the repeat time: not processed again. */
  | { readonly kind: 'repeat'; readonly agoMs: number }
  /** A prefixed scan whose end key never came: not processed. */
  | { readonly kind: 'cut' };

export interface ScanEntry extends Scan {
  readonly outcome: EntryOutcome;
  /** What the order became later in this session (its review sent, then received), when it changed. */
  readonly later?: DisplayText;
}

/** The scan being sent, and how many times it was tried. */
export interface CurrentScan extends Scan {
  readonly attempt: number;
}

export interface ScanState {
  readonly text: string;
  /** When the prompt's text was last typed into (ms since the epoch; 0: never). */
  readonly textAt: number;
  /** Where the prompt's latest burst of typing starts (its text before it came earlier, after a pause). */
  readonly burstFrom: number;
  readonly queue: readonly Scan[];
  /** The scan being looked up (and received), if any. */
  readonly current: CurrentScan | null;
  /** The current scan waits for the service (unreachable, the key refused): tried again at `retryAt`. */
  readonly held: { readonly reason: HeldReason; readonly since: number; readonly retryAt: number } | null;
  /** The pending order whose review is open; the queue waits until it is closed. */
  readonly reviewing: { readonly seq: number; readonly order: ScannedOrder } | null;
  /** Newest first, at most HISTORY_SIZE. */
  readonly history: readonly ScanEntry[];
  readonly nextSeq: number;
  /** Esc was pressed with scans still waiting: scan mode closes once they are done. */
  readonly isLeaving: boolean;
  /** Makes the queue ids of this run unique. */
  readonly run: string;
}

/** When a scan came, and how long a repeat of it counts as one (0: repeats are processed). */
interface Timing {
  readonly at: number;
  readonly repeatMs: number;
}

export type ScanAction =
  | ({ readonly type: 'input'; readonly input: string; readonly key: ScanKey } & Timing)
  /** A barcode scan recognized by the input router; its first `echoed` characters were also typed as keys. */
  | ({ readonly type: 'scanned'; readonly text: string; readonly echoed: number; readonly isCut?: boolean } & Timing)
  /** Scans left in the queue on disk by an earlier run. */
  | { readonly type: 'restore'; readonly scans: readonly { readonly id: string; readonly text: string; readonly at: number }[] }
  | { readonly type: 'begin' }
  | { readonly type: 'settled'; readonly seq: number; readonly outcome: ScanOutcome }
  | { readonly type: 'held'; readonly seq: number; readonly reason: HeldReason; readonly at: number }
  | { readonly type: 'retry' }
  /** The review is closed; `status`: the order's status now, as the console last read it. */
  | { readonly type: 'review-closed'; readonly status?: DisplayText }
  | { readonly type: 'leave' }
  | { readonly type: 'stay' };

export const HISTORY_SIZE = 50;
/** Waits between tries of a scan the service did not answer: doubling from the first, up to the last. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 15_000;

/** Scan mode's state at its start; `run` makes its queue ids unique. */
export function initialScanState(run: string): ScanState {
  return { text: '', textAt: 0, burstFrom: 0, queue: [], current: null, held: null, reviewing: null, history: [], nextSeq: 1, isLeaving: false, run };
}

/**
 * How soon before a recognized scan the prompt's keys count as its start. A scanner slower
 * than the gap limit lets its first characters go as keys ("#N" of "#N1169"), and the scan
 * recognized after them lacks them; a person who types and then picks up the scanner takes
 * longer than this.
 */
export const SCAN_START_MS = 1_500;

/** Scans not finished yet: waiting, being looked up, or held. */
export function unfinishedCount(state: ScanState): number {
  return state.queue.length + (state.current ? 1 : 0);
}

/** True when nothing is waiting or running and no review is open. */
export function isIdle(state: ScanState): boolean {
  return state.queue.length === 0 && state.current === null && state.reviewing === null;
}

/** Outcomes that sound as a failure: anything but a receive, an opened review or a repeat. */
export function isBadOutcome(outcome: EntryOutcome): boolean {
  return outcome.kind !== 'received' && outcome.kind !== 'review' && outcome.kind !== 'repeat';
}

/** The wait before the next try of a scan tried `attempt` times. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempt - 1));
}

/** The earlier scan of the same code within the repeat time, if any (queued, being sent, or done). */
function earlierScan(state: ScanState, text: string, timing: Timing): Scan | undefined {
  if (timing.repeatMs <= 0) return undefined;
  const all: readonly (Scan | ScanEntry)[] = [...(state.current ? [state.current] : []), ...state.queue, ...state.history.filter((e) => e.outcome.kind !== 'repeat')];
  return all.find((s) => s.text === text && timing.at - s.at <= timing.repeatMs && !s.isFromBefore);
}

/** `texts` added as scans: to the queue, or to the history as repeats. */
function addScans(state: ScanState, texts: readonly string[], timing: Timing, isCut = false): ScanState {
  let next = state;
  for (const text of texts) {
    const seq = next.nextSeq;
    const scan: Scan = { seq, id: `${next.run}-${seq}`, text, at: timing.at };
    const earlier = isCut ? undefined : earlierScan(next, text, timing);
    const entry = isCut ? { ...scan, outcome: { kind: 'cut' } as const } : earlier ? { ...scan, outcome: { kind: 'repeat', agoMs: timing.at - earlier.at } as const } : null;
    next = entry
      ? { ...next, nextSeq: seq + 1, history: [entry, ...next.history].slice(0, HISTORY_SIZE) }
      : { ...next, nextSeq: seq + 1, queue: [...next.queue, scan] };
  }
  return next;
}

/** The history with what happened later to `orderId` noted on its entries. */
function withLater(history: readonly ScanEntry[], orderId: number, status: DisplayText): readonly ScanEntry[] {
  return history.map((e) => ('order' in e.outcome && e.outcome.order?.id === orderId && e.outcome.order.status !== status ? { ...e, later: status } : e));
}

/** The scan reducer. */
export function scanReducer(state: ScanState, action: ScanAction): ScanState {
  switch (action.type) {
    case 'input': {
      const fed = feedScanInput(state.text, action.input, action.key);
      const burstFrom = Math.min(action.at - state.textAt > SCAN_START_MS ? state.text.length : state.burstFrom, fed.text.length);
      const typed = { text: fed.text, textAt: action.at, burstFrom };
      if (fed.scans.length === 0) return fed.text === state.text ? state : { ...state, ...typed };
      return addScans({ ...state, ...typed }, fed.scans, action);
    }
    case 'scanned': {
      // Characters that went out as keys before the scan was recognized reached the prompt
      // (unless a review had the keyboard): they are part of this scan, not typed text. So is
      // whatever was typed there just before (a slow scanner's start let go as keys).
      const echoed = [...action.text].slice(0, action.echoed).join('');
      const prompt = !state.reviewing && echoed !== '' && state.text.endsWith(echoed) ? state.text.slice(0, state.text.length - echoed.length) : state.text;
      const isRecent = !state.reviewing && !action.isCut && action.at - state.textAt <= SCAN_START_MS;
      const from = Math.min(state.burstFrom, prompt.length);
      const text = (isRecent ? prompt.slice(from) + action.text : action.text).trim();
      const left = isRecent ? prompt.slice(0, from) : prompt;
      if (text === '') return left === state.text ? state : { ...state, text: left };
      return addScans({ ...state, text: left }, [text], action, action.isCut === true);
    }
    case 'restore': {
      const known = new Set([...state.queue, ...(state.current ? [state.current] : [])].map((s) => s.id));
      const restored = action.scans.filter((s) => !known.has(s.id)).map((s, i) => ({ ...s, seq: state.nextSeq + i, isFromBefore: true }));
      return restored.length === 0 ? state : { ...state, queue: [...restored, ...state.queue], nextSeq: state.nextSeq + restored.length };
    }
    case 'begin': {
      if (state.current || state.reviewing || state.queue.length === 0) return state;
      const [next, ...rest] = state.queue;
      return { ...state, current: { ...next!, attempt: 1 }, queue: rest };
    }
    case 'settled': {
      if (!state.current || state.current.seq !== action.seq) return state;
      const { attempt: _attempt, ...scan } = state.current;
      const entry: ScanEntry = { ...scan, outcome: action.outcome };
      const order = action.outcome.kind === 'received' ? action.outcome.order : null;
      const history = [entry, ...(order ? withLater(state.history, order.id, order.status) : state.history)].slice(0, HISTORY_SIZE);
      return {
        ...state,
        current: null,
        held: null,
        reviewing: action.outcome.kind === 'review' ? { seq: action.seq, order: action.outcome.order } : state.reviewing,
        history,
      };
    }
    case 'held':
      if (!state.current || state.current.seq !== action.seq) return state;
      return { ...state, held: { reason: action.reason, since: state.held?.since ?? action.at, retryAt: action.at + retryDelay(state.current.attempt) } };
    case 'retry':
      if (!state.current || !state.held) return state;
      return { ...state, current: { ...state.current, attempt: state.current.attempt + 1 } };
    case 'review-closed': {
      if (!state.reviewing) return state;
      const { order } = state.reviewing;
      const history = action.status !== undefined ? withLater(state.history, order.id, action.status) : state.history;
      return { ...state, reviewing: null, history };
    }
    case 'leave':
      return { ...state, isLeaving: true };
    case 'stay':
      return state.isLeaving ? { ...state, isLeaving: false } : state;
  }
}
