/**
 * The state the open order's keys depend on (keys.disabledReason), as the order screen last
 * reported it, so the help drawn over that screen marks the same keys off as its footer.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { KeyState } from '../keys/disabled-reasons.js';

interface KeyStateStore {
  readonly get: () => KeyState | undefined;
  readonly set: (state: KeyState | undefined) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

function createKeyStateStore(): KeyStateStore {
  let current: KeyState | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (state) => {
      current = state;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const KeyStateContext = createContext<KeyStateStore | null>(null);

/** Holds the reported key state for everything below it (the app shell). */
export function KeyStateProvider(props: { readonly children?: ReactNode }) {
  const [store] = useState(createKeyStateStore);
  return <KeyStateContext.Provider value={store}>{props.children}</KeyStateContext.Provider>;
}

/** Reports `state` while the calling screen is mounted (nothing outside a KeyStateProvider). */
export function useReportKeyState(state: KeyState): void {
  const store = useContext(KeyStateContext);
  useEffect(() => {
    if (!store) return undefined;
    store.set(state);
    return () => store.set(undefined);
  }, [store, state]);
}

const noStore = () => () => undefined;
const nothing = () => undefined;

/** The key state last reported, or undefined (no screen with such keys is open). */
export function useReportedKeyState(): KeyState | undefined {
  const store = useContext(KeyStateContext);
  return useSyncExternalStore(store?.subscribe ?? noStore, store?.get ?? nothing);
}
