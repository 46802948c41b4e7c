/** The services' clock, re-read on an interval (for "updated 5s ago" and countdowns). */
import { useEffect, useReducer, useState } from 'react';
import { useServices } from '../context/services-context.js';
import { useLatest } from './use-latest.js';

/** `now()` refreshed on an interval; only the calling component re-renders. */
export function useNow(intervalMs = 1000): number {
  const { now } = useServices();
  const [value, setValue] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setValue(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return value;
}

/**
 * `derive(now())`, checked every `intervalMs` while `isActive`, re-rendering only when the
 * result changes. Each re-render is a frame, and a frame just drawn makes the next key wait
 * for Ink's frame-rate limit: a clock that shows "3m ago" or nothing at all (no retry in
 * progress) must not draw twice a second.
 */
export function useClock<T>(derive: (nowMs: number) => T, intervalMs: number, isActive = true): T {
  const { now } = useServices();
  const value = derive(now());
  const latestRef = useLatest({ derive, value });
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!isActive) return undefined;
    const timer = setInterval(() => {
      if (!Object.is(latestRef.current.derive(now()), latestRef.current.value)) redraw();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs, isActive, latestRef]);
  return value;
}
