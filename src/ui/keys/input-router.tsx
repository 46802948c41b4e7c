/**
 * The console's one input listener: it splits what was read into keys, passes them through
 * the scan classifier, and hands each key (stamped with when and how it came, `KeyMeta`) to
 * the handlers of the components that have the keyboard, one render at a time. Handlers
 * register in a layout effect and raw mode stays on, so no key is lost between two screens
 * (Ink's own useInput subscribes too late for that). Scans and pastes never arrive as keys.
 * The whole path: docs/architecture.md, "How a key reaches a screen".
 */
import { useInput, usePaste, type Key } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLatest } from '../hooks/use-latest.js';
import { useScanDesk } from '../hooks/use-scan-desk.js';
import type { KeyMeta } from './deliberate.js';
import { moveOnlyCharTest } from './match.js';
import {
  classifyFlush,
  classifyPress,
  classifyQuiet,
  dropLead,
  initialClassifierState,
  quietDeadline,
  type Classified,
  type KeyPress,
  type ScannedText,
  type Step,
} from './scan-classifier.js';
import { useScannerMarks } from './scanner-marks.js';
import { pastedText, type PastedText } from './pasted-text.js';
import { keyOf, PLAIN_KEY, splitBurst } from './split-burst.js';
import { useIsScreenActive } from './screen-active-context.js';
import { useKeyTable } from './use-key-table.js';

/**
 * Handles a key; returns true when a key binding took it (it acted as a command), anything
 * else when not. `meta` is absent for a key the console made up (a scan typed as keys).
 */
export type InputHandler = (input: string, key: Key, meta?: KeyMeta) => boolean | void;

/** Who gets a scan first: scan mode's queue, a focused text field, the screen, the shell. */
export type ScanRank = 'queue' | 'field' | 'screen' | 'fallback';
const RANKS: readonly ScanRank[] = ['queue', 'field', 'screen', 'fallback'];

/**
 * What becomes of a scan: `taken` by the handler, typed `as-keys` (its characters and the
 * Enter or Tab that ended it), or typed `as-text` (the characters only).
 */
export type ScanDisposal = 'taken' | 'as-keys' | 'as-text';

/** Decides about a scan, or returns null to leave it to the next handler. */
export type ScanHandler = (scan: ScannedText) => ScanDisposal | null;

/** Who gets pasted text first: a focused text field, then the shell (which says where pasting works). */
export type PasteRank = 'field' | 'fallback';
const PASTE_RANKS: readonly PasteRank[] = ['field', 'fallback'];

/** Decides about pasted text: `taken`, typed `as-text` into the field that has the keyboard, or null to leave it to the next handler. */
export type PasteHandler = (paste: PastedText) => 'taken' | 'as-text' | null;

export interface InputRouter {
  /** Adds a handler; returns its removal. */
  readonly register: (handler: InputHandler) => () => void;
  /** Adds a scan handler of `rank` (the latest of a rank is tried first); returns its removal. */
  readonly onScan: (rank: ScanRank, handler: ScanHandler) => () => void;
  /** Adds a paste handler of `rank` (the latest of a rank is tried first); returns its removal. */
  readonly onPaste: (rank: PasteRank, handler: PasteHandler) => () => void;
  /** The number of the latest read of input (`KeyMeta.seq` of its keys). */
  readonly latestSeq: () => number;
  /** Has typing echoed at once while a field that takes scans itself is focused (scan-classifier.ts); returns its end. */
  readonly echoTyping: () => () => void;
}

type Pending =
  | { readonly kind: 'key'; readonly input: string; readonly key: Key; readonly isLead?: boolean; readonly meta?: KeyMeta }
  | { readonly kind: 'scan'; readonly scan: ScannedText }
  | { readonly kind: 'paste'; readonly paste: PastedText };

const InputRouterContext = createContext<InputRouter | null>(null);

/** The keys a scan is typed as: the characters not already sent, and its terminator. */
function scanKeys(scan: ScannedText, disposal: 'as-keys' | 'as-text'): Pending[] {
  const chars = [...scan.text].slice(scan.echoed).map(keyOf);
  if (disposal === 'as-keys') chars.push(keyOf(scan.terminator === 'enter' ? '\r' : '\t'));
  return chars.map(([input, key]) => ({ kind: 'key', input, key }));
}

/** Milliseconds from now until `deadline` (performance.now() time), at least 0. */
function msUntil(deadline: number): number {
  return Math.max(0, deadline - performance.now());
}

/** Adds `entry` to the list in `ref`; returns its removal. */
function addTo<T>(ref: { current: readonly T[] }, entry: T): () => void {
  ref.current = [...ref.current, entry];
  return () => {
    ref.current = ref.current.filter((e) => e !== entry);
  };
}

/** The first disposal of `handlers` by rank (the latest of a rank first), or null when none decides. */
function firstDisposal<R, A, D>(handlers: readonly { readonly rank: R; readonly handler: (arg: A) => D | null }[], ranks: readonly R[], arg: A): D | null {
  for (const rank of ranks) {
    for (const { handler } of handlers.filter((e) => e.rank === rank).reverse()) {
      const disposal = handler(arg);
      if (disposal !== null) return disposal;
    }
  }
  return null;
}

/** Routes every key to the registered handlers, in registration order, and scans and pastes by rank. */
export function InputRouterProvider(props: { readonly children?: ReactNode }) {
  const handlers = useRef<readonly InputHandler[]>([]);
  const scanHandlers = useRef<readonly { readonly rank: ScanRank; readonly handler: ScanHandler }[]>([]);
  const pasteHandlers = useRef<readonly { readonly rank: PasteRank; readonly handler: PasteHandler }[]>([]);
  // Reads of input: their number and the arrival of the latest (KeyMeta); each press's meta by its tuple.
  const reads = useRef({ seq: 0, lastAt: Number.NEGATIVE_INFINITY });
  const metas = useRef(new WeakMap<KeyPress, KeyMeta>());
  const echoers = useRef<readonly object[]>([]);
  const router = useMemo<InputRouter>(
    () => ({
      register: (handler) => addTo(handlers, handler),
      onScan: (rank, handler) => addTo(scanHandlers, { rank, handler }),
      onPaste: (rank, handler) => addTo(pasteHandlers, { rank, handler }),
      latestSeq: () => reads.current.seq,
      echoTyping: () => addTo(echoers, {}),
    }),
    [],
  );
  const queue = useRef<Pending[]>([]);
  const classifier = useRef(initialClassifierState);
  const isWaiting = useRef(false);
  const [, setTick] = useState(0);

  // Nobody takes a scan or a paste (nothing registered): dropped rather than run as commands.
  const routeScan = (scan: ScannedText) => {
    const disposal = firstDisposal(scanHandlers.current, RANKS, scan);
    if (disposal === 'as-keys' || disposal === 'as-text') queue.current.unshift(...scanKeys(scan, disposal));
  };
  // Typed as one key press of text: a field inserts it whole, and no binding is a string of several characters.
  const routePaste = (paste: PastedText) => {
    const disposal = firstDisposal(pasteHandlers.current, PASTE_RANKS, paste);
    if (disposal === 'as-text' && paste.text !== '') queue.current.unshift({ kind: 'key', input: paste.text, key: PLAIN_KEY });
  };

  const deliverNext = () => {
    const next = queue.current.shift();
    if (!next) return;
    if (next.kind === 'key') {
      let isTaken = false;
      // A snapshot: a handler that closes a screen must not change who gets this key.
      for (const handler of [...handlers.current]) isTaken = handler(next.input, next.key, next.meta) === true || isTaken;
      // A command key (S opened scan mode) starts no scan: what follows is the scanner's alone.
      if (next.isLead && isTaken) classifier.current = dropLead(classifier.current);
    } else if (next.kind === 'scan') routeScan(next.scan);
    else routePaste(next.paste);
    // Render (with whatever the key or scan changed) before the next one is delivered.
    isWaiting.current = true;
    setTick((t) => t + 1);
  };

  // The classifier and its quiet timer: a run of held characters ends SCAN_GAP_MS after its
  // last one, checked after any input already waiting has been read (setImmediate runs after
  // the poll phase that reads stdin), so a console busy drawing does not split a scan.
  const timer = useRef<{ timeout?: NodeJS.Timeout; immediate?: NodeJS.Immediate }>({});
  const toPending = (c: Classified): Pending => {
    if (c.kind === 'scan') return c;
    const meta = metas.current.get(c.press);
    return { kind: 'key', input: c.press[0], key: c.press[1], ...(c.isLead && { isLead: true }), ...(meta && { meta }) };
  };
  const apply = (step: Step) => {
    classifier.current = step.state;
    queue.current.push(...step.out.map(toPending));
  };
  const startRead = (at: number) => {
    const quietMs = at - reads.current.lastAt;
    reads.current = { seq: reads.current.seq + 1, lastAt: at };
    return { seq: reads.current.seq, quietMs };
  };
  const scheduleQuiet = () => {
    clearTimeout(timer.current.timeout);
    const deadline = quietDeadline(classifier.current);
    if (deadline === null) return;
    timer.current.timeout = setTimeout(() => {
      timer.current.immediate = setImmediate(() => {
        apply(classifyQuiet(classifier.current, performance.now()));
        scheduleQuiet();
        if (!isWaiting.current) deliverNext();
      });
    }, msUntil(deadline));
  };
  useEffect(
    () => () => {
      clearTimeout(timer.current.timeout);
      if (timer.current.immediate) clearImmediate(timer.current.immediate);
    },
    [],
  );

  // The characters that only move are those of the console's own key table (the config may rebind j and k).
  const isMoveOnly = moveOnlyCharTest(useKeyTable());
  const desk = useScanDesk();
  const markOf = useScannerMarks(desk);
  useInput((input, key) => {
    const at = performance.now();
    const { seq, quietMs } = startRead(at);
    const presses = splitBurst(input, key);
    const isTypingEchoed = echoers.current.length > 0;
    for (const press of presses) {
      metas.current.set(press, { at, quietMs, isAlone: presses.length === 1, seq });
      apply(classifyPress(classifier.current, press, at, { isMoveOnly, maxGapMs: desk.maxGapMs, isTypingEchoed }, markOf(press)));
    }
    scheduleQuiet();
    if (!isWaiting.current) deliverNext();
  });
  // Ink turns the terminal's bracketed paste on while this listens (and off at exit).
  usePaste((text) => {
    startRead(performance.now());
    // Characters typed before the paste and still held by the classifier go first, as keys.
    apply(classifyFlush(classifier.current));
    scheduleQuiet();
    queue.current.push({ kind: 'paste', paste: pastedText(text) });
    if (!isWaiting.current) deliverNext();
  });
  // Runs after every render of the router, once the screens below have registered. The next
  // key goes out after this commit, not inside it: React counts updates made while committing
  // as nested and gives up after 50 ("Maximum update depth exceeded"), so a paste or a held
  // run of more than 50 characters crashed the console.
  useLayoutEffect(() => {
    isWaiting.current = false;
    if (queue.current.length === 0) return undefined;
    const next = setImmediate(() => {
      if (!isWaiting.current) deliverNext();
    });
    return () => clearImmediate(next);
  });
  return <InputRouterContext.Provider value={router}>{props.children}</InputRouterContext.Provider>;
}

/** The console's router; every component that takes keys is rendered inside one (the app, and screen tests alike). */
export function useInputRouter(): InputRouter {
  const router = useContext(InputRouterContext);
  if (!router) throw new Error('useInputRouter: render inside <InputRouterProvider> (screen tests: test/ui/render-screen.tsx)');
  return router;
}

type HandlerOptions = { readonly isActive?: boolean; readonly isWhileHidden?: boolean };

/**
 * Registers `handler` for scans at `rank` while `isActive` and (unless `isWhileHidden`) while
 * its screen is on top. The latest handler function is used; it registers with the render.
 */
export function useScanHandler(rank: ScanRank, handler: ScanHandler, options: HandlerOptions = {}): void {
  useRankedHandler((router) => router.onScan, rank, handler, options);
}

/** Has typing echoed at once (not held back for scan detection) while `isActive` and its screen is on top. */
export function useEchoedTyping(isActive: boolean): void {
  const router = useInputRouter();
  const isScreenActive = useIsScreenActive();
  const isOn = isActive && isScreenActive;
  useLayoutEffect(() => (isOn ? router.echoTyping() : undefined), [router, isOn]);
}

/** Registers `handler` for pasted text at `rank`, as useScanHandler does for scans. */
export function usePasteHandler(rank: PasteRank, handler: PasteHandler, options: HandlerOptions = {}): void {
  useRankedHandler((router) => router.onPaste, rank, handler, options);
}

function useRankedHandler<R, H extends (arg: never) => unknown>(
  registry: (router: InputRouter) => (rank: R, handler: H) => () => void,
  rank: R,
  handler: H,
  options: HandlerOptions,
): void {
  const router = useInputRouter();
  const isScreenActive = useIsScreenActive();
  const latestRef = useLatest(handler);
  const isOn = (options.isActive ?? true) && (options.isWhileHidden === true || isScreenActive);
  const add = registry(router);
  useLayoutEffect(
    () => (isOn ? add(rank, ((arg: never) => latestRef.current(arg)) as H) : undefined),
    [add, isOn, rank, latestRef],
  );
}
