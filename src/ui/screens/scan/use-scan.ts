/**
 * Scan mode's input mapping and processing: typed text goes to the prompt and each
 * completed line into the queue; every barcode scan the console's input router recognizes
 * (scanner speed, then Enter or Tab) goes straight into the queue; the queue is worked off
 * one scan at a time, in order; bad outcomes ring the terminal bell. While a pending
 * order's review is open (or help or the activity log is on top), the other screen has the
 * keyboard, but scans are still queued, never lost, and never reach it as keys (a scan's
 * letters would otherwise approve, submit or confirm there).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useLatest } from '../../hooks/use-latest.js';
import { useScanHandler } from '../../keys/input-router.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { opsContext, scanMutation, settledOf } from '../../queries/write-mutations.js';
import { initialScanState, isBadOutcome, isIdle, scanReducer, unfinishedCount, type ScanAction, type ScanState } from './scan-state.js';
import { display, joinDisplay, sanitizeForTerminal } from '../../../format/sanitize.js';

export interface UseScanOptions {
  /** Leaves scan mode. */
  readonly onClose: () => void;
  /** Rings the terminal bell. */
  readonly ring: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Scan mode's state, with its keys and its queue worker running. */
export function useScan(options: UseScanOptions): readonly [ScanState, Dispatch<ScanAction>] {
  const services = useServices();
  const queryClient = useQueryClient();
  const pattern = services.profile.scanCodePattern ?? null;
  const { mutateAsync: scan } = useMutation(scanMutation(queryClient, opsContext(services, 'scan'), pattern));
  const { show } = useNotice();
  const [state, dispatch] = useReducer(scanReducer, initialScanState);
  const latestRef = useLatest(options);

  useKeyBindings(
    'scan',
    (action) => {
      // The open review owns Esc (it returns here).
      if (action !== 'back' || state.reviewing) return;
      if (isIdle(state)) {
        options.onClose();
      } else if (!state.isLeaving) {
        dispatch({ type: 'leave' });
        show(display`${sanitizeForTerminal(plural(unfinishedCount(state), 'scan'))} still to process; scan mode closes after them (Esc again: now).`);
      } else {
        const dropped = [...(state.current ? [state.current] : []), ...state.queue].map((s) => sanitizeForTerminal(s.text));
        options.onClose();
        if (dropped.length > 0) show(display`Left scan mode; not processed: ${joinDisplay(dropped, display`, `)}`, 'warning');
      }
    },
    {
      onUnmatched: (input, key) => {
        // The open review has the keyboard: what is typed there is for the review.
        if (state.reviewing) return;
        dispatch({ type: 'input', input, key });
      },
    },
  );

  // Every scan goes to the queue while scan mode is open, whatever screen is on top.
  useScanHandler(
    'queue',
    (scan) => {
      dispatch({ type: 'scanned', text: scan.text, echoed: scan.echoed });
      return 'taken';
    },
    { isWhileHidden: true },
  );

  // Start the next scan when nothing is running and no review is open.
  const { current, reviewing } = state;
  const waiting = state.queue.length;
  useEffect(() => {
    if (!current && !reviewing && waiting > 0) dispatch({ type: 'begin' });
  }, [current, reviewing, waiting]);

  const started = useRef(0);
  useEffect(() => {
    if (!current || started.current === current.seq) return;
    started.current = current.seq;
    void settledOf(scan(current.text)).then(({ outcome, warnings }) => {
      dispatch({ type: 'settled', seq: current.seq, outcome });
      if (isBadOutcome(outcome)) latestRef.current.ring();
      if (warnings.length > 0) show(sanitizeForTerminal(warnings.join(' ')), 'warning');
    });
  }, [current, scan, show, latestRef]);

  // Esc with scans waiting: close once they are done.
  useEffect(() => {
    if (state.isLeaving && isIdle(state)) latestRef.current.onClose();
  }, [state, latestRef]);

  return [state, dispatch];
}
