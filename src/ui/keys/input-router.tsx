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
 * A component may claim a whole read before it is split (scan mode takes a barcode
 * scanner's burst, "#N1001\r", for its queue): a claimed read never reaches the handlers
 * as keys, so letters in a scan cannot act on the screen on top (an open review).
 * Reads are claimed in arrival order, when their turn comes, by the claims registered then.
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { splitBurst } from './split-burst.js';

export type InputHandler = (input: string, key: Key) => void;

/** Takes a whole read (as Ink reported it) and returns true, or returns false to leave it. */
export type BurstClaim = (input: string, key: Key) => boolean;

export interface InputRouter {
  /** Adds a handler; returns its removal. */
  readonly register: (handler: InputHandler) => () => void;
  /** Adds a claim on whole reads, tried before a read is split into keys; returns its removal. */
  readonly claim: (claim: BurstClaim) => () => void;
}

type Pending = { readonly kind: 'read' | 'key'; readonly input: string; readonly key: Key };

const InputRouterContext = createContext<InputRouter | null>(null);

/** Routes every key to the registered handlers, in registration order. */
export function InputRouterProvider(props: { readonly children?: ReactNode }) {
  const handlers = useRef<InputHandler[]>([]);
  const claims = useRef<BurstClaim[]>([]);
  const router = useMemo<InputRouter>(
    () => ({
      register: (handler) => {
        handlers.current = [...handlers.current, handler];
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler);
        };
      },
      claim: (claim) => {
        claims.current = [...claims.current, claim];
        return () => {
          claims.current = claims.current.filter((c) => c !== claim);
        };
      },
    }),
    [],
  );
  const queue = useRef<Pending[]>([]);
  const isWaiting = useRef(false);
  const [, setTick] = useState(0);
  const deliverNext = () => {
    let next = queue.current.shift();
    // A read not claimed as a whole is split into its keys, which take its place in the queue.
    while (next?.kind === 'read') {
      const read = next;
      if (claims.current.some((claim) => claim(read.input, read.key))) break;
      queue.current.unshift(...splitBurst(read.input, read.key).map(([input, key]) => ({ kind: 'key' as const, input, key })));
      next = queue.current.shift();
    }
    if (!next) return;
    // A snapshot: a handler that closes a screen must not change who gets this key.
    if (next.kind === 'key') for (const handler of handlers.current) handler(next.input, next.key);
    // Render (with whatever the key or claimed read changed) before the next one is delivered.
    isWaiting.current = true;
    setTick((t) => t + 1);
  };
  useInput((input, key) => {
    queue.current.push({ kind: 'read', input, key });
    if (!isWaiting.current) deliverNext();
  });
  // Runs after every render of the router, once the screens below have registered.
  useLayoutEffect(() => {
    isWaiting.current = false;
    deliverNext();
  });
  return <InputRouterContext.Provider value={router}>{props.children}</InputRouterContext.Provider>;
}

/** The console's router, or null outside one (then components use Ink's useInput directly). */
export function useInputRouter(): InputRouter | null {
  return useContext(InputRouterContext);
}
