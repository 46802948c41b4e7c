/**
 * The console's QueryClient. React Query never retries: the client already retries 429,
 * 5xx and network failures with backoff, and a second layer would multiply the waits.
 *
 * React Query takes a runtime without `window` for a server (a page rendered once), and a
 * "server" never schedules timers: `refetchInterval` never fired, pages never went stale and
 * were never garbage-collected. The console is a long-running client in a terminal, so it
 * says so, and its one "window" (the terminal) counts as focused whenever it runs:
 * focusManager's browser check would pause interval refetches in a hidden tab.
 */
import { environmentManager, focusManager, QueryClient } from '@tanstack/react-query';

/** Makes React Query behave as a client in this process (timers on, always focused). Idempotent. */
export function runReactQueryAsClient(): void {
  environmentManager.setIsServer(() => false);
  focusManager.setFocused(true);
}

/** A fresh QueryClient for the console (one per start; one per screen test). */
export function createConsoleQueryClient(): QueryClient {
  runReactQueryAsClient();
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
