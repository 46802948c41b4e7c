/**
 * Scan mode's input mapping and processing: typed (scanned) text goes to the prompt and
 * each completed scan into the queue; the queue is worked off one scan at a time, in order;
 * bad outcomes ring the terminal bell. While a pending order's review is open, the review
 * has the keyboard, but whole scans arriving in one burst are still queued, never lost,
 * and never reach the review as keys (the console's input router lets scan mode claim the
 * burst before it is split: a scan's letters would otherwise approve, submit or confirm).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useInput } from 'ink';
import { useEffect, useLayoutEffect, useReducer, useRef, type Dispatch } from 'react';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useInputRouter } from '../../keys/input-router.js';
import { useIsScreenActive } from '../../keys/screen-active-context.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { processScan } from './scan-actions.js';
import { isScanBurst } from './scan-input.js';
import { initialScanState, isBadOutcome, isIdle, scanReducer, unfinishedCount, type ScanAction, type ScanState } from './scan-state.js';

export interface UseScanOptions {
  /** Leaves scan mode. */
  readonly onClose: () => void;
  /** Rings the terminal bell. */
  readonly ring: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Scan mode's state, with its keys and its queue worker running. */
export function useScan(options: UseScanOptions): readonly [ScanState, Dispatch<ScanAction>] {
  const { client, profile, stateDir, now } = useServices();
  const queryClient = useQueryClient();
  const { show } = useNotice();
  const [state, dispatch] = useReducer(scanReducer, initialScanState);
  const latest = useRef(options);
  latest.current = options;

  useKeyBindings(
    'scan',
    (action) => {
      // The open review owns Esc (it returns here).
      if (action !== 'back' || state.reviewing) return;
      if (isIdle(state)) {
        options.onClose();
      } else if (!state.isLeaving) {
        dispatch({ type: 'leave' });
        show(`${plural(unfinishedCount(state), 'scan')} still to process: scan mode closes when they are done (Esc again leaves now).`);
      } else {
        const dropped = [...(state.current ? [state.current] : []), ...state.queue].map((s) => s.text);
        options.onClose();
        if (dropped.length > 0) show(`Left scan mode; not processed: ${dropped.join(', ')}`, 'warning');
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

  // A scanner's burst (a whole scan read in one piece) goes to the queue whole, also while
  // a review is open: claimed before the console splits it into keys, so it never acts there.
  const isScreenActive = useIsScreenActive();
  const router = useInputRouter();
  useLayoutEffect(() => {
    if (!router || !isScreenActive) return undefined;
    return router.claim((input) => {
      if (!isScanBurst(input)) return false;
      dispatch({ type: 'input', input, key: {} });
      return true;
    });
  }, [router, isScreenActive]);
  // Outside the console's router (isolated screen tests) Ink hands bursts over unsplit.
  useInput(
    (input) => {
      if (isScanBurst(input)) dispatch({ type: 'input', input, key: {} });
    },
    { isActive: !router && isScreenActive && state.reviewing !== null },
  );

  // Start the next scan when nothing is running and no review is open.
  useEffect(() => {
    if (!state.current && !state.reviewing && state.queue.length > 0) dispatch({ type: 'begin' });
  }, [state.current, state.reviewing, state.queue.length]);

  const started = useRef(0);
  const current = state.current;
  useEffect(() => {
    if (!current || started.current === current.seq) return;
    started.current = current.seq;
    void processScan({ client, queryClient, stateDir, profile: profile.name, now }, current.text).then(({ outcome, warnings }) => {
      dispatch({ type: 'settled', seq: current.seq, outcome });
      if (isBadOutcome(outcome)) latest.current.ring();
      if (warnings.length > 0) show(warnings.join(' '), 'warning');
    });
  }, [current, client, queryClient, stateDir, profile.name, now, show]);

  // Esc with scans waiting: close once they are done.
  useEffect(() => {
    if (state.isLeaving && isIdle(state)) latest.current.onClose();
  }, [state]);

  return [state, dispatch];
}
