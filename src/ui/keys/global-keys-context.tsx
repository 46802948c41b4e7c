/**
 * Global keys (q, ?, L) are handled once, by the app shell: `useKeyBindings` hands every
 * match of a global binding to the handler provided here, so no screen has to know how
 * to quit or open help. Prompt scopes never match global bindings (see match.ts).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { KeyAction } from './bindings.js';

/** Receives global actions; undefined outside a provider (then the screen's handler gets them). */
export type GlobalKeyHandler = (action: KeyAction) => void;

const GlobalKeysContext = createContext<GlobalKeyHandler | undefined>(undefined);

/** Routes global actions of every `useKeyBindings` below it to `onAction`. */
export function GlobalKeysProvider(props: { readonly onAction: GlobalKeyHandler; readonly children?: ReactNode }) {
  return <GlobalKeysContext.Provider value={props.onAction}>{props.children}</GlobalKeysContext.Provider>;
}

/** The app shell's global handler, if any. */
export function useGlobalKeyHandler(): GlobalKeyHandler | undefined {
  return useContext(GlobalKeysContext);
}
