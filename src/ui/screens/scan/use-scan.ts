/**
 * Scan mode's input mapping and processing: typed text goes to the prompt and each
 * completed line into the queue; every barcode scan the console's input router recognizes
 * goes straight into the queue. The queue is kept on disk (src/local/scan-queue.ts) and
 * worked off one scan at a time, in order; a scan the service does not answer stays at its
 * head and is tried again, doubling the wait. While a pending order's review is open (or
 * help or the activity log is on top), the other screen has the keyboard, but scans are
 * still queued, never lost, and never reach it as keys.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { randomUUID } from 'node:crypto';
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { scanQueueFor } from '../../../local/scan-queue.js';
import { useNotice } from '../../context/notice-context.js';
import { useServices } from '../../context/services-context.js';
import { useLatest } from '../../hooks/use-latest.js';
import { useScanDesk } from '../../hooks/use-scan-desk.js';
import { useScanHandler } from '../../keys/input-router.js';
import { useKeyBindings } from '../../keys/use-key-bindings.js';
import { opsContext, scanMutation, settledOf } from '../../queries/write-mutations.js';
import { initialScanState, isBadOutcome, isIdle, scanReducer, unfinishedCount, type EntryOutcome, type ScanAction, type ScanState } from './scan-state.js';
import { display, joinDisplay, sanitizeForTerminal } from '../../../format/sanitize.js';

export interface UseScanOptions {
  /** Leaves scan mode. */
  readonly onClose: () => void;
  /** Sounds an outcome (the failure sound, or the success sound when one is set). */
  readonly sound: (kind: 'failure' | 'success') => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Queue ids being sent right now in this process: a scan mode opened again meanwhile leaves them to that send. */
const inFlight = new Set<string>();

/** The sound of an outcome, if any. */
function soundOf(outcome: EntryOutcome): 'failure' | 'success' | null {
  if (outcome.kind === 'received') return 'success';
  return isBadOutcome(outcome) ? 'failure' : null;
}

/** Scan mode's state, with its keys and its queue worker running. */
export function useScan(options: UseScanOptions): readonly [ScanState, Dispatch<ScanAction>] {
  const services = useServices();
  const desk = useScanDesk();
  const queryClient = useQueryClient();
  const pattern = services.profile.scanCodePattern ?? null;
  const queue = scanQueueFor(services.stateDir, services.profile.stateName);
  const { mutateAsync: send } = useMutation(scanMutation(queryClient, opsContext(services, 'scan'), pattern, queue));
  const { show } = useNotice();
  const [state, dispatch] = useReducer(scanReducer, undefined, () => initialScanState(randomUUID().slice(0, 8)));
  const latestRef = useLatest(options);
  const timing = () => ({ at: services.now(), repeatMs: desk.repeatMs });

  useKeyBindings(
    'scan',
    (action) => {
      // The open review owns Esc (it returns here).
      if (action !== 'back' || state.reviewing) return;
      if (isIdle(state)) options.onClose();
      else if (!state.isLeaving && !state.held) {
        dispatch({ type: 'leave' });
        show(display`${sanitizeForTerminal(plural(unfinishedCount(state), 'scan'))} still to process; scan mode closes after them (Esc again: now).`);
      } else {
        const kept = [...(state.current ? [state.current] : []), ...state.queue].map((s) => sanitizeForTerminal(s.text));
        options.onClose();
        if (kept.length > 0) show(display`Left scan mode; kept in the queue, sent when scan mode is open again: ${joinDisplay(kept, display`, `)}`, 'warning');
      }
    },
    {
      onUnmatched: (input, key) => {
        // The open review has the keyboard: what is typed there is for the review.
        if (state.reviewing) return;
        dispatch({ type: 'input', input, key, ...timing() });
      },
    },
  );

  // Every scan goes to the queue while scan mode is open, whatever screen is on top.
  useScanHandler(
    'queue',
    (scan) => {
      dispatch({ type: 'scanned', text: scan.text, echoed: scan.echoed, ...(scan.isCut && { isCut: true }), ...timing() });
      return 'taken';
    },
    { isWhileHidden: true },
  );

  // Scans left in the queue on disk by an earlier run go first.
  useEffect(() => {
    const loaded = queue.load();
    if (loaded.kind === 'unreadable') show(sanitizeForTerminal(loaded.notice), 'warning');
    const waiting = loaded.scans.filter((s) => !inFlight.has(s.id));
    if (waiting.length === 0) return;
    dispatch({ type: 'restore', scans: waiting.map((s) => ({ id: s.id, text: s.text, at: Date.parse(s.scannedAt) })) });
    show(display`${sanitizeForTerminal(plural(waiting.length, 'scan'))} kept from before: sending them first.`);
  }, [queue, show]);

  // Each new scan is written to the queue on disk as it comes.
  const written = useRef(new Set<string>());
  const { current: sending, queue: waitingScans } = state;
  useEffect(() => {
    const onDisk = new Set(queue.scans().map((s) => s.id));
    for (const scan of [...(sending ? [sending] : []), ...waitingScans]) {
      if (written.current.has(scan.id) || onDisk.has(scan.id)) continue;
      written.current.add(scan.id);
      queue.add({ id: scan.id, text: scan.text, scannedAt: new Date(scan.at).toISOString() }).catch((error: unknown) => {
        show(display`Scan queue not saved (${sanitizeForTerminal(error instanceof Error ? error.message : String(error))}): scans are lost if the console stops.`, 'warning');
      });
    }
  }, [sending, waitingScans, queue, show]);

  // Start the next scan when nothing is running and no review is open.
  const { current, reviewing } = state;
  const waiting = state.queue.length;
  useEffect(() => {
    if (!current && !reviewing && waiting > 0) dispatch({ type: 'begin' });
  }, [current, reviewing, waiting]);

  // A scan held for the service is tried again when its wait is over.
  const retryAt = state.held?.retryAt ?? null;
  useEffect(() => {
    if (retryAt === null) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'retry' }), Math.max(0, retryAt - services.now()));
    return () => clearTimeout(timer);
  }, [retryAt, services]);

  const started = useRef('');
  useEffect(() => {
    const key = current ? `${current.seq}:${current.attempt}` : '';
    if (!current || started.current === key) return;
    started.current = key;
    inFlight.add(current.id);
    const onDisk = queue.scans().find((s) => s.id === current.id);
    const scan = onDisk ?? { id: current.id, text: current.text, scannedAt: new Date(current.at).toISOString() };
    void settledOf(send(scan)).then((step) => {
      inFlight.delete(current.id);
      if (step.warnings.length > 0) show(sanitizeForTerminal(step.warnings.join(' ')), 'warning');
      if (step.kind === 'held') {
        // The first time the service is found not answering is worth a sound: the clerk looks at parcels.
        if (current.attempt === 1) latestRef.current.sound('failure');
        dispatch({ type: 'held', seq: current.seq, reason: step.reason, at: services.now() });
        return;
      }
      dispatch({ type: 'settled', seq: current.seq, outcome: step.outcome });
      const sound = soundOf(step.outcome);
      if (sound) latestRef.current.sound(sound);
    });
  }, [current, send, show, latestRef, queue, services]);

  // Repeats and cut scans sound as they are added (they never reach the worker).
  const lastEntry = state.history[0];
  const sounded = useRef(0);
  useEffect(() => {
    if (!lastEntry || lastEntry.seq <= sounded.current) return;
    sounded.current = lastEntry.seq;
    if (lastEntry.outcome.kind === 'cut') latestRef.current.sound('failure');
  }, [lastEntry, latestRef]);

  // Esc with scans waiting: close once they are done.
  useEffect(() => {
    if (state.isLeaving && isIdle(state)) latestRef.current.onClose();
  }, [state, latestRef]);

  return [state, dispatch];
}
