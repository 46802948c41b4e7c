/**
 * `useReducer` whose latest state can be read right after a dispatch, before React has
 * rendered it. Several keys can arrive in one read (fast typing, a paste, a barcode
 * scanner); their handlers run back to back, and each must see what the previous one did,
 * not the state of the last render.
 */
import { useCallback, useLayoutEffect, useReducer, useRef, type Dispatch } from 'react';

export type SyncStore<S, A> = readonly [state: S, dispatch: Dispatch<A>, latest: () => S];

/** Like useReducer; the third element returns the state including every dispatched action. */
export function useSyncReducer<S, A, I>(reducer: (state: S, action: A) => S, arg: I, init: (arg: I) => S): SyncStore<S, A> {
  const [state, dispatch] = useReducer(reducer, arg, init);
  const latestRef = useRef(state);
  useLayoutEffect(() => {
    // React committed a newer state (it has applied every action dispatched so far).
    latestRef.current = state;
  }, [state]);
  const syncDispatch = useCallback(
    (action: A) => {
      latestRef.current = reducer(latestRef.current, action);
      dispatch(action);
    },
    [reducer],
  );
  const getLatest = useCallback(() => latestRef.current, []);
  return [state, syncDispatch, getLatest];
}
