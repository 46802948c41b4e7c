/**
 * What the client is going through right now (a retry wait, a rate limit), fed by the
 * client's hooks and read by the header and the banner. A tiny external store, so a
 * retry updates only the components that show it.
 */
import type { ClientHooks, RetryInfo } from '../../api/client-types.js';

/** A retry wait in progress. */
export interface RetryWait extends RetryInfo {
  /** When the next attempt starts (ms since the epoch). */
  readonly untilMs: number;
}

export interface ConnectionSnapshot {
  /** The latest retry wait, until a request settles. */
  readonly retry: RetryWait | null;
}

export interface ConnectionMonitor {
  /** Pass these to `createClient({ hooks })`. */
  readonly hooks: ClientHooks;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => ConnectionSnapshot;
}

/** A monitor with its own clock (injected for tests). */
export function createConnectionMonitor(now: () => number = Date.now): ConnectionMonitor {
  let snapshot: ConnectionSnapshot = { retry: null };
  const listeners = new Set<() => void>();
  const set = (next: ConnectionSnapshot) => {
    snapshot = next;
    for (const l of listeners) l();
  };
  return {
    hooks: {
      onRetry: (info) => set({ retry: { ...info, untilMs: now() + info.delayMs } }),
      onSettled: () => {
        if (snapshot.retry) set({ retry: null });
      },
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

/** "rate limited" / "service error" / "network" / "timeout" for the header. */
export function describeRetry(retry: RetryInfo): string {
  switch (retry.reason) {
    case 'rate_limited': return 'rate limited';
    case 'server_error': return `service error${retry.status ? ` ${retry.status}` : ''}`;
    case 'network': return 'service unreachable';
    case 'timeout': return 'service not answering';
  }
}
