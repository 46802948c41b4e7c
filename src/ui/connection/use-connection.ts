/** The connection monitor's current state, or "all quiet" when none is injected. */
import { useSyncExternalStore } from 'react';
import { useServices } from '../context/services-context.js';
import type { ConnectionSnapshot } from './connection-monitor.js';

const QUIET: ConnectionSnapshot = { retry: null };
const noSubscribe = () => () => undefined;

/** Re-renders the caller when a retry starts or a request settles. */
export function useConnection(): ConnectionSnapshot {
  const { connection } = useServices();
  return useSyncExternalStore(connection?.subscribe ?? noSubscribe, connection?.getSnapshot ?? (() => QUIET));
}
