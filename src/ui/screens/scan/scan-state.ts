/**
 * Scan mode as a pure reducer: the text at the prompt, the queue of scans waiting, the one
 * being looked up, the review opened for a pending order, and the history of outcomes.
 * Scans are processed strictly one after another in the order they were typed; typing
 * goes on while one is processed (the queue grows), so the prompt is always ready.
 */
import type { ScannedOrder, ScanOutcome } from '../../../ops/scan.js';
import { feedScanInput, type ScanKey } from './scan-input.js';

export interface Scan {
  /** Order of arrival, from 1. */
  readonly seq: number;
  readonly text: string;
}

export interface ScanEntry extends Scan {
  readonly outcome: ScanOutcome;
}

export interface ScanState {
  readonly text: string;
  readonly queue: readonly Scan[];
  /** The scan being looked up (and received), if any. */
  readonly current: Scan | null;
  /** The pending order whose review is open; the queue waits until it is closed. */
  readonly reviewing: { readonly seq: number; readonly order: ScannedOrder } | null;
  /** Newest first, at most HISTORY_SIZE. */
  readonly history: readonly ScanEntry[];
  readonly nextSeq: number;
  /** Esc was pressed with scans still waiting: scan mode closes once they are done. */
  readonly isLeaving: boolean;
}

export type ScanAction =
  | { readonly type: 'input'; readonly input: string; readonly key: ScanKey }
  /** A barcode scan recognized by the input router; its first `echoed` characters were also typed as keys. */
  | { readonly type: 'scanned'; readonly text: string; readonly echoed: number }
  | { readonly type: 'begin' }
  | { readonly type: 'settled'; readonly seq: number; readonly outcome: ScanOutcome }
  | { readonly type: 'review-closed' }
  | { readonly type: 'leave' }
  | { readonly type: 'stay' };

export const HISTORY_SIZE = 50;

export const initialScanState: ScanState = {
  text: '',
  queue: [],
  current: null,
  reviewing: null,
  history: [],
  nextSeq: 1,
  isLeaving: false,
};

/** Scans not finished yet: waiting, being looked up, or held by an open review. */
export function unfinishedCount(state: ScanState): number {
  return state.queue.length + (state.current ? 1 : 0);
}

/** True when nothing is waiting or running and no review is open. */
export function isIdle(state: ScanState): boolean {
  return state.queue.length === 0 && state.current === null && state.reviewing === null;
}

/** Outcomes that ring the terminal bell: anything but a receive or an opened review. */
export function isBadOutcome(outcome: ScanOutcome): boolean {
  return outcome.kind !== 'received' && outcome.kind !== 'review';
}

/** The scan reducer. */
export function scanReducer(state: ScanState, action: ScanAction): ScanState {
  switch (action.type) {
    case 'input': {
      const fed = feedScanInput(state.text, action.input, action.key);
      if (fed.scans.length === 0) return fed.text === state.text ? state : { ...state, text: fed.text };
      const added = fed.scans.map((text, i) => ({ seq: state.nextSeq + i, text }));
      return { ...state, text: fed.text, queue: [...state.queue, ...added], nextSeq: state.nextSeq + added.length };
    }
    case 'scanned': {
      const text = action.text.trim();
      // Characters that went out as keys before the scan was recognized reached the prompt
      // (unless a review had the keyboard): they are part of this scan, not typed text.
      const echoed = [...action.text].slice(0, action.echoed).join('');
      const prompt = !state.reviewing && echoed !== '' && state.text.endsWith(echoed) ? state.text.slice(0, state.text.length - echoed.length) : state.text;
      if (text === '') return prompt === state.text ? state : { ...state, text: prompt };
      return { ...state, text: prompt, queue: [...state.queue, { seq: state.nextSeq, text }], nextSeq: state.nextSeq + 1 };
    }
    case 'begin': {
      if (state.current || state.reviewing || state.queue.length === 0) return state;
      const [next, ...rest] = state.queue;
      return { ...state, current: next!, queue: rest };
    }
    case 'settled': {
      if (!state.current || state.current.seq !== action.seq) return state;
      const entry: ScanEntry = { ...state.current, outcome: action.outcome };
      return {
        ...state,
        current: null,
        reviewing: action.outcome.kind === 'review' ? { seq: action.seq, order: action.outcome.order } : state.reviewing,
        history: [entry, ...state.history].slice(0, HISTORY_SIZE),
      };
    }
    case 'review-closed':
      return state.reviewing ? { ...state, reviewing: null } : state;
    case 'leave':
      return { ...state, isLeaving: true };
    case 'stay':
      return state.isLeaving ? { ...state, isLeaving: false } : state;
  }
}
