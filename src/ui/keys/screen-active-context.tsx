/**
 * Whether the screen below has the keyboard. The app shell keeps screens under an overlay
 * (help, the activity log) mounted so their state survives, and marks them inactive here;
 * `useKeyBindings` then ignores keys for them.
 */
import { createContext, useContext, type ReactNode } from 'react';

const ScreenActiveContext = createContext(true);

/** Gives the keyboard to the screens below (or takes it away); nested providers combine with AND. */
export function ScreenActiveProvider(props: { readonly isActive: boolean; readonly children?: ReactNode }) {
  const parent = useContext(ScreenActiveContext);
  return <ScreenActiveContext.Provider value={parent && props.isActive}>{props.children}</ScreenActiveContext.Provider>;
}

/** True when the surrounding screen has the keyboard (true outside any provider). */
export function useIsScreenActive(): boolean {
  return useContext(ScreenActiveContext);
}
