/**
 * The config file followed while the console runs: each change is read and checked as at a
 * start. A file that loads becomes the configuration in force; one that does not (bad JSON,
 * an unknown field, a chmod that makes it readable by others) is reported, and the last one
 * that loaded stays in force.
 */
import { loadConfigFile, type LoadedConfigFile } from '../../config/index.js';
import type { Factory } from '../../factory.js';

/** How often the file is checked for a change. */
export const CONFIG_CHECK_INTERVAL_MS = 1000;

export type ConfigFileChange =
  | { readonly kind: 'loaded'; readonly file: LoadedConfigFile }
  /** The file changed but does not load; `error` says why (a CliError). `file` stays in force. */
  | { readonly kind: 'refused'; readonly error: unknown; readonly file: LoadedConfigFile };

export interface ConfigFollower {
  /** The config file in force: the last one that loaded. */
  current(): LoadedConfigFile;
  /** Calls `listener` after each change of the file; returns the unsubscribe function. */
  subscribe(listener: (change: ConfigFileChange) => void): () => void;
  /** Stops following the file. */
  close(): void;
}

/** Follows the config file from `initial` (the one the console started with). */
export function followConfigFile(factory: Factory, initial: LoadedConfigFile, intervalMs = CONFIG_CHECK_INTERVAL_MS): ConfigFollower {
  let current = initial;
  const listeners = new Set<(change: ConfigFileChange) => void>();
  const emit = (change: ConfigFileChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  // One read at a time; a change during a read is read again after it, so the last state wins.
  let isReading = false;
  let isChangedAgain = false;
  // After a refused file, the good one again is news even when it is the one in force.
  let isRefused = false;
  const read = async () => {
    if (isReading) {
      isChangedAgain = true;
      return;
    }
    isReading = true;
    try {
      do {
        isChangedAgain = false;
        let change: ConfigFileChange;
        try {
          change = { kind: 'loaded', file: await loadConfigFile(factory) };
        } catch (error) {
          change = { kind: 'refused', error, file: current };
        }
        if (change.kind === 'loaded' && !isRefused && isSameConfig(change.file, current)) continue;
        if (change.kind === 'loaded') current = change.file;
        isRefused = change.kind === 'refused';
        emit(change);
      } while (isChangedAgain);
    } finally {
      isReading = false;
    }
  };
  const stop = factory.fs.watch(initial.path, intervalMs, () => void read());
  return {
    current: () => current,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => {
      stop();
      listeners.clear();
    },
  };
}

/** True when `a` says what `b` says (a save without changes, a touch). */
function isSameConfig(a: LoadedConfigFile, b: LoadedConfigFile): boolean {
  return a.isFound === b.isFound && JSON.stringify(a.config) === JSON.stringify(b.config);
}
