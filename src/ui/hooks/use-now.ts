/** The services' clock, re-read every `intervalMs` (for "updated 5s ago" and countdowns). */
import { useEffect, useState } from 'react';
import { useServices } from '../context/services-context.js';

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
