/**
 * A question before a write takes only a deliberate answer (src/ui/keys/deliberate.ts): it
 * arms ARM_MS after it is shown, and again after any other key typed into it; a yes comes
 * alone, after quiet, and acts once nothing followed it. What the question is waiting for,
 * and why an answer was not taken, is its status, which the dialog says in words.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ARM_MS, type KeyMeta, type RefusedWhy } from '../../keys/deliberate.js';
import type { DeliberateOptions } from '../../keys/use-key-bindings.js';

export type ConfirmStatus =
  /** Just shown, or keys were typed into it: answers count in a moment. */
  | 'arming'
  /** Another key came in while it was open. */
  | 'stray'
  | 'armed'
  /** A yes is held: it acts unless another key comes. */
  | 'holding'
  | 'refused-burst'
  | 'refused-too-soon';

export interface ConfirmGate {
  readonly status: ConfirmStatus;
  /** For `useKeyBindings`: the arming and what to do with a held or refused yes. */
  readonly deliberate: DeliberateOptions;
  /** Another key was typed into the question (it did not answer it): arms it again. */
  readonly onStray: (meta?: KeyMeta) => void;
}

/** The gate of a question that is open while `isOpen` (each opening arms anew). */
export function useConfirmGate(isOpen: boolean): ConfirmGate {
  const [status, setStatus] = useState<ConfirmStatus>('arming');
  // A question opened again starts over (state adjusted during render, as React advises for a changed prop).
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setStatus('arming');
  }
  const armedAt = useRef<number | null>(null);
  // Armed with the commit that shows the question, before any key can reach it.
  useLayoutEffect(() => {
    armedAt.current = isOpen ? performance.now() : null;
  }, [isOpen]);
  // "arming" turns into "armed" once the arming time is over (the other statuses say more, and stay).
  useEffect(() => {
    if (!isOpen || status !== 'arming') return undefined;
    const timer = setTimeout(() => setStatus('armed'), Math.max(0, (armedAt.current ?? 0) + ARM_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [isOpen, status]);

  const arm = (at: number, next: ConfirmStatus) => {
    armedAt.current = at;
    setStatus(next);
  };
  return {
    status,
    deliberate: {
      armedAt: () => armedAt.current,
      onHeld: () => setStatus('holding'),
      onRefused: (why: RefusedWhy) => arm(performance.now(), why === 'burst' ? 'refused-burst' : 'refused-too-soon'),
    },
    onStray: (meta) => arm(meta?.at ?? performance.now(), 'stray'),
  };
}
