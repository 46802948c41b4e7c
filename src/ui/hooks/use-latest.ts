/**
 * The latest value of a render, for code that runs later (a key handler, a timer, a
 * subscription): updated when the render commits, so handlers see what is on the screen.
 * Keys reach handlers only after the previous key's render has committed (input-router.tsx).
 */
import { useLayoutEffect, useRef } from 'react';

/** A ref holding the value of the latest committed render. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
