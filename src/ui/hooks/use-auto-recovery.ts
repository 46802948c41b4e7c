/**
 * Tries a failed request again by itself after a growing pause (5 s, 10 s, 20 s, then every
 * 30 s) while the failure is transient (network, timeout, rate limit, 5xx), and exposes when
 * the next try is due so the banner can count down. The client's own retries come first;
 * this is for outages longer than those.
 */
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../context/services-context.js';
import { useLatest } from './use-latest.js';

/** The pause before the `failures`-th automatic try (1-based). */
export function recoveryDelayMs(failures: number): number {
  return Math.min(30_000, 5_000 * 2 ** Math.max(0, failures - 1));
}

/** `retryAt` (ms) while a retry is scheduled, else null. */
export function useAutoRecovery(input: {
  readonly isFailing: boolean;
  /** Changes on every new failure (e.g. React Query's errorUpdatedAt). */
  readonly failureStamp: number;
  readonly retry: () => void;
}): { readonly retryAt: number | null } {
  const { now } = useServices();
  const failures = useRef(0);
  // When the retry of which failure is due (null: none scheduled).
  const [scheduled, setScheduled] = useState<{ readonly stamp: number; readonly at: number } | null>(null);
  const retryRef = useLatest(input.retry);

  useEffect(() => {
    if (!input.isFailing) {
      failures.current = 0;
      return;
    }
    failures.current += 1;
    const delay = recoveryDelayMs(failures.current);
    setScheduled({ stamp: input.failureStamp, at: now() + delay });
    const timer = setTimeout(() => {
      setScheduled(null);
      retryRef.current();
    }, delay);
    return () => clearTimeout(timer);
  }, [input.isFailing, input.failureStamp, now, retryRef]);

  // A retry is only due while this failure lasts (one scheduled for an earlier failure is void).
  const isCurrent = input.isFailing && scheduled?.stamp === input.failureStamp;
  return { retryAt: isCurrent ? scheduled.at : null };
}
