/**
 * The sandbox's request log (`--request-log FILE`, a sandbox extension for tests and soaks):
 * one JSON line per request the pipeline answered, written before the answer is sent, saying
 * whether the request changed anything (`applied`). A write the client never heard the
 * answer to is in it all the same, which is what lets a test compare the service's writes
 * with a client's activity log. Never holds a key; no client may depend on it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** One line of the log. */
export interface RequestLogEntry {
  /** ISO 8601 with milliseconds, the sandbox's clock. */
  readonly time: string;
  readonly request_id: string;
  readonly method: string;
  /** The path without the query, keys and control characters masked. */
  readonly path: string;
  /** The route matched (list, get, review, receive), or null. */
  readonly route: string | null;
  /** The order of an order route, or null. */
  readonly order_id: number | null;
  /** The shop of the key that authenticated, or null. */
  readonly shop: string | null;
  readonly status: number;
  /** The error code, or null for a 200. */
  readonly code: string | null;
  /** True when the request's transaction committed (a review or receive that took effect). */
  readonly applied: boolean;
}

export interface RequestLog {
  write(entry: RequestLogEntry): void;
  close(): void;
}

/** Opens `path` for appending (created 0600). Synchronous writes: a line is on disk before its answer leaves. */
export function openRequestLog(path: string): RequestLog {
  const fd = openSync(path, 'a', 0o600);
  let isOpen = true;
  return {
    write: (entry) => {
      if (isOpen) writeSync(fd, `${JSON.stringify(entry)}\n`);
    },
    close: () => {
      if (!isOpen) return;
      isOpen = false;
      closeSync(fd);
    },
  };
}
