/**
 * The console's QueryClient. React Query never retries: the client already retries 429,
 * 5xx and network failures with backoff, and a second layer would multiply the waits.
 */
import { QueryClient } from '@tanstack/react-query';

/** A fresh QueryClient for the console (one per start; one per screen test). */
export function createConsoleQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
