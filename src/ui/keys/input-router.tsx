/**
 * One always-on input listener for the whole console, handing each key to the handlers
 * of the components that have the keyboard. Ink's own `useInput` subscribes in a passive
 * effect, which React may run after the next key has already arrived (a key typed right
 * after an Esc was lost that way), and Ink leaves raw mode for a moment when one screen's
 * hook switches off before the next one's switches on. Handlers here register in a layout
 * effect, synchronously with the render that shows their screen, and raw mode stays on.
 *
 * Text read in one piece is split into its keys (split-burst.ts), and keys are delivered
 * one render at a time: Ink renders after its input handler returns,
 * so of two keys read together ("qq", a paste) the second would otherwise reach the
 * handlers of the screen the first one just closed. Each key waits until the previous
 * key's render has committed.
 *
 * Before that, keys pass the scan classifier (scan-classifier.ts): what a barcode scanner
 * types never reaches the handlers as keys. A scan goes to the scan handlers instead, tried
 * by rank (scan mode's queue, then a focused text field, then the screen, then the shell's
 * fallback), each of which takes it or has it typed as keys or as text.
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLatest } from '../hooks/use-latest.js';
import { moveOnlyCharTest } from './match.js';
import {
  classifyPress,
  classifyQuiet,
  initialClassifierState,
  quietDeadline,
  type Classified,
  type ScannedText,
  type Step,
} from './scan-classifier.js';
import { keyOf, splitBurst } from './split-burst.js';
import { useIsScreenActive } from './screen-active-context.js';
import { useKeyTable } from './use-key-table.js';

export type InputHandler = (input: string, key: Key) => void;

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

export interface InputRouter {
  /** Adds a handler; returns its removal. */
  readonly register: (handler: InputHandler) => () => void;
  /** Adds a scan handler of `rank` (the latest of a rank is tried first); returns its removal. */
  readonly onScan: (rank: ScanRank, handler: ScanHandler) => () => void;
}

type Pending = { readonly kind: 'key'; readonly input: string; readonly key: Key } | { readonly kind: 'scan'; readonly scan: ScannedText };

const InputRouterContext = createContext<InputRouter | null>(null);

const toPending = (c: Classified): Pending => (c.kind === 'key' ? { kind: 'key', input: c.press[0], key: c.press[1] } : c);

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

/** Routes every key to the registered handlers, in registration order, and scans by rank. */
export function InputRouterProvider(props: { readonly children?: ReactNode }) {
  const handlers = useRef<InputHandler[]>([]);
  const scanHandlers = useRef<{ readonly rank: ScanRank; readonly handler: ScanHandler }[]>([]);
  const router = useMemo<InputRouter>(
    () => ({
      register: (handler) => {
        handlers.current = [...handlers.current, handler];
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler);
        };
      },
      onScan: (rank, handler) => {
        const entry = { rank, handler };
        scanHandlers.current = [...scanHandlers.current, entry];
        return () => {
          scanHandlers.current = scanHandlers.current.filter((e) => e !== entry);
        };
      },
    }),
    [],
  );
  const queue = useRef<Pending[]>([]);
  const isWaiting = useRef(false);
  const [, setTick] = useState(0);

  const routeScan = (scan: ScannedText) => {
    for (const rank of RANKS) {
      const ofRank = scanHandlers.current.filter((e) => e.rank === rank).reverse();
      for (const { handler } of ofRank) {
        const disposal = handler(scan);
        if (disposal === null) continue;
        if (disposal !== 'taken') queue.current.unshift(...scanKeys(scan, disposal));
        return;
      }
    }
    // Nobody takes it (nothing registered): dropped rather than run as commands.
  };

  const deliverNext = () => {
    const next = queue.current.shift();
    if (!next) return;
    // A snapshot: a handler that closes a screen must not change who gets this key.
    if (next.kind === 'key') for (const handler of [...handlers.current]) handler(next.input, next.key);
    else routeScan(next.scan);
    // Render (with whatever the key or scan changed) before the next one is delivered.
    isWaiting.current = true;
    setTick((t) => t + 1);
  };

  // The classifier and its quiet timer: a run of held characters ends SCAN_GAP_MS after its
  // last one, checked after any input already waiting has been read (setImmediate runs after
  // the poll phase that reads stdin), so a console busy drawing does not split a scan.
  const classifier = useRef(initialClassifierState);
  const timer = useRef<{ timeout?: NodeJS.Timeout; immediate?: NodeJS.Immediate }>({});
  const apply = (step: Step) => {
    classifier.current = step.state;
    queue.current.push(...step.out.map(toPending));
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
  const isMoveOnlyChar = moveOnlyCharTest(useKeyTable());
  useInput((input, key) => {
    const at = performance.now();
    for (const press of splitBurst(input, key)) apply(classifyPress(classifier.current, press, at, isMoveOnlyChar));
    scheduleQuiet();
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

/**
 * Registers `handler` for scans at `rank` while `isActive` and (unless `isWhileHidden`) while
 * its screen is on top. The latest handler function is used; it registers with the render.
 */
export function useScanHandler(rank: ScanRank, handler: ScanHandler, options: { readonly isActive?: boolean; readonly isWhileHidden?: boolean } = {}): void {
  const router = useInputRouter();
  const isScreenActive = useIsScreenActive();
  const latestRef = useLatest(handler);
  const isOn = (options.isActive ?? true) && (options.isWhileHidden === true || isScreenActive);
  useLayoutEffect(() => (isOn ? router.onScan(rank, (scan) => latestRef.current(scan)) : undefined), [router, isOn, rank, latestRef]);
}
