/**
 * Deliberate keys in the console (deliberate.ts has the rule): a press is judged as it
 * comes, held for its hold, and acts only if nothing came in the meantime. One hold at a
 * time per caller; it lapses when the caller stops listening (its screen closed).
 */
import { useCallback, useEffect, useRef } from 'react';
import { isHoldKept, judgePress, type KeyMeta, type RefusedWhy } from './deliberate.js';
import { useInputRouter } from './input-router.js';

export interface DeliberateTrial {
  readonly meta: KeyMeta | undefined;
  /** True for a character (y, q, S), false for a named key (Enter). */
  readonly isChar: boolean;
  /** A question's arming (null: no question). */
  readonly armedAt?: number | null;
  /** Runs when the press counts. */
  readonly act: () => void;
  /** Hears that the press is held (it acts once the hold is over, if kept). */
  readonly onHeld?: () => void;
  readonly onRefused: (why: RefusedWhy) => void;
}

/**
 * A trier of deliberate presses: judges one now and acts after its hold when it counts. A
 * hold lapses when `place` changes (the caller's screen, scope or activity) or on unmount.
 */
export function useDeliberate(place: string): (trial: DeliberateTrial) => void {
  const router = useInputRouter();
  const timer = useRef<NodeJS.Timeout | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), [place]);
  return useCallback(
    (trial: DeliberateTrial) => {
      clearTimeout(timer.current);
      const judged = judgePress(trial.meta, { isChar: trial.isChar, armedAt: trial.armedAt ?? null });
      if (judged.kind === 'refused' || !trial.meta) return trial.onRefused(judged.kind === 'refused' ? judged.why : 'burst');
      const { meta } = trial;
      trial.onHeld?.();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        if (isHoldKept(meta, router.latestSeq())) trial.act();
        else trial.onRefused('burst');
      }, Math.max(0, judged.until - performance.now()));
    },
    [router],
  );
}
