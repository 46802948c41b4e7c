/**
 * The console's QueryClient. React Query never retries: the client already retries 429,
 * 5xx and network failures with backoff, and a second layer would multiply the waits.
 *
 * One `onError`, on the query cache and the mutation cache alike: a refused key on any
 * read (list, find, order) or write (review, receive, bulk run, scan) is reported to the
 * listeners of `onKeyRefused`; the app shell shows the authentication screen.
 *
 * React Query takes a runtime without `window` for a server (a page rendered once), and a
 * "server" never schedules timers: `refetchInterval` never fired, pages never went stale and
 * were never garbage-collected. The console is a long-running client in a terminal, so it
 * says so, and its one "window" (the terminal) counts as focused whenever it runs:
 * focusManager's browser check would pause interval refetches in a hidden tab.
 */
import { environmentManager, focusManager, MutationCache, QueryCache, QueryClient, timeoutManager } from '@tanstack/react-query';
import { isApiError } from '../../api/client/errors.js';
import type { AuthFailure } from '../app-state.js';
import { classifyError } from '../errors/classify.js';

/**
 * React Query's timers (stale times, refetch intervals, garbage collection) that never keep
 * the process alive: the console lives as long as its terminal does. A settled mutation's
 * 5-minute gc timer survives `queryClient.clear()` (the mutation cache forgets mutations
 * without stopping their timers), so after a review q restored the screen and the process
 * stayed for 5 minutes.
 */
const unrefTimers = {
  setTimeout: (callback: () => void, delay: number) => setTimeout(callback, delay).unref(),
  clearTimeout: (id: ReturnType<typeof setTimeout> | undefined) => clearTimeout(id),
  setInterval: (callback: () => void, delay: number) => setInterval(callback, delay).unref(),
  clearInterval: (id: ReturnType<typeof setInterval> | undefined) => clearInterval(id),
};

/** Makes React Query behave as a client in this process (timers on, always focused). Idempotent. */
export function runReactQueryAsClient(): void {
  environmentManager.setIsServer(() => false);
  focusManager.setFocused(true);
  timeoutManager.setTimeoutProvider(unrefTimers);
}

type KeyRefusedListener = (failure: AuthFailure) => void;

const listenersOf = new WeakMap<QueryClient, Set<KeyRefusedListener>>();

/**
 * The client's error behind `error`: a write that settled with results to show (a bulk run)
 * rejects with an Error whose `cause` is the refusal.
 */
function clientError(error: unknown): unknown {
  if (isApiError(error) || !(error instanceof Error)) return error;
  return isApiError(error.cause) ? error.cause : error;
}

/** Calls `listener` whenever a read or a write of `queryClient` is refused the key; returns the unsubscribe. */
export function onKeyRefused(queryClient: QueryClient, listener: KeyRefusedListener): () => void {
  const listeners = listenersOf.get(queryClient);
  listeners?.add(listener);
  return () => void listeners?.delete(listener);
}

/** The clients a read or a write of which was refused the key. */
const refusedClients = new WeakSet<QueryClient>();

/** True once a read or a write of `queryClient` was refused the key (its profile must read its key again). */
export function wasKeyRefused(queryClient: QueryClient): boolean {
  return refusedClients.has(queryClient);
}

/** A fresh QueryClient for the console (one per start; one per screen test). */
export function createConsoleQueryClient(): QueryClient {
  runReactQueryAsClient();
  const listeners = new Set<KeyRefusedListener>();
  const onError = (error: unknown) => {
    const view = classifyError(clientError(error));
    if (view.kind !== 'auth') return;
    refusedClients.add(queryClient);
    for (const listener of listeners) listener({ problem: view.problem, code: view.code, message: view.message });
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
  listenersOf.set(queryClient, listeners);
  return queryClient;
}
