/**
 * One always-on input listener for the whole console, handing each key to the handlers
 * of the components that have the keyboard. Ink's own `useInput` subscribes in a passive
 * effect, which React may run after the next key has already arrived (a key typed right
 * after an Esc was lost that way), and Ink leaves raw mode for a moment when one screen's
 * hook switches off before the next one's switches on. Handlers here register in a layout
 * effect, synchronously with the render that shows their screen, and raw mode stays on.
 */
import { useInput, type Key } from 'ink';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';

export type InputHandler = (input: string, key: Key) => void;

export interface InputRouter {
  /** Adds a handler; returns its removal. */
  readonly register: (handler: InputHandler) => () => void;
}

const InputRouterContext = createContext<InputRouter | null>(null);

/** Routes every key to the registered handlers, in registration order. */
export function InputRouterProvider(props: { readonly children?: ReactNode }) {
  const handlers = useRef<InputHandler[]>([]);
  const router = useMemo<InputRouter>(
    () => ({
      register: (handler) => {
        handlers.current = [...handlers.current, handler];
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler);
        };
      },
    }),
    [],
  );
  useInput((input, key) => {
    // A snapshot: a handler that closes a screen must not change who gets this key.
    for (const handler of handlers.current) handler(input, key);
  });
  return <InputRouterContext.Provider value={router}>{props.children}</InputRouterContext.Provider>;
}

/** The console's router, or null outside one (then components use Ink's useInput directly). */
export function useInputRouter(): InputRouter | null {
  return useContext(InputRouterContext);
}
