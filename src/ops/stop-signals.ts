/**
 * How a process of ours stops, whatever stops it: the console's q, or SIGINT, SIGTERM or
 * SIGHUP (Ctrl+C, a supervisor, a closed terminal or dropped ssh) for the console and the
 * commands alike. One rule: nothing new is sent; the writes in flight may finish for a while
 * (the request deadline after q, SIGNAL_WAIT_MS after a signal, so that a supervisor's grace
 * period is not outlived); then, or at once on another signal, they are cut and read back
 * (write-stops.ts), and each ends in the activity log. The process then exits 128 + the
 * signal's number. A write a kill -9 cut off is settled at the next start (settle-unknown.ts).
 */
import { constants } from 'node:os';
import { READ_BACK_MS, type WriteStopControl } from './write-stops.js';

/** The signals that stop a command or the console. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** How long writes in flight may finish after a stop signal before they are cut and read back. */
export const SIGNAL_WAIT_MS = 3_000;

/** 128 + the signal's number (130, 143, 129): the exit status of a process a signal stopped. */
export function stopExitCode(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}

/** The signal in words: "Ctrl+C (SIGINT)", "SIGTERM", "SIGHUP (the terminal was closed)". */
export function signalWords(signal: StopSignal): string {
  if (signal === 'SIGINT') return 'Ctrl+C (SIGINT)';
  return signal === 'SIGHUP' ? 'SIGHUP (the terminal was closed)' : 'SIGTERM';
}

/** Subscribes `handler` to the stop signals; returns the unsubscribe function. */
export type SubscribeStop = (handler: (signal: StopSignal) => void) => () => void;

/**
 * The process's stop signals. While any handler is subscribed a signal no longer ends the
 * process by itself: the handler decides (the default comes back once all are gone).
 */
export const processStopSignals: SubscribeStop = (handler) => {
  const listeners = STOP_SIGNALS.map((signal) => [signal, () => handler(signal)] as const);
  for (const [signal, listener] of listeners) process.on(signal, listener);
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
};

export interface WindDownOptions {
  /** Longest wait for the writes in flight to finish by themselves. */
  readonly waitMs: number;
  /** A stop signal during the wait cuts the writes at once; later ones are ignored while they are read back. */
  readonly onSignal: SubscribeStop;
  /** Where the lines that say what is waited for go; absent: nowhere (a command says it in its own line). */
  readonly say?: (line: string) => void;
}

function listOf(writes: readonly string[]): string {
  const n = writes.length;
  return `${n} write${n === 1 ? '' : 's'} in flight (${writes.join(', ')})`;
}

/** Waits until `done`, for at most `ms`, or until a stop signal arrives; says which came first. */
function waitOrSignal(ms: number, done: Promise<void>, onSignal: SubscribeStop): Promise<'done' | 'timeout' | 'signal'> {
  return new Promise((resolve) => {
    const end = (how: 'done' | 'timeout' | 'signal') => {
      clearTimeout(timer);
      unsubscribe();
      resolve(how);
    };
    const timer = setTimeout(() => end('timeout'), ms);
    const unsubscribe = onSignal(() => end('signal'));
    void done.then(() => end('done'));
  });
}

/** Holds the process while the writes in flight finish or are read back (see the file comment). */
export async function windDown(stops: WriteStopControl, options: WindDownOptions): Promise<void> {
  stops.stopNew();
  const pending = stops.inFlight();
  if (pending.length === 0) return;
  const seconds = Math.ceil(options.waitMs / 1000);
  options.say?.(
    `Waiting for ${listOf(pending)} to finish, at most ${seconds} s; nothing new is sent. Ctrl+C stops waiting: the write is then cancelled and read back. The activity log records how each ended.\n`,
  );
  const idle = stops.whenIdle();
  if ((await waitOrSignal(options.waitMs, idle, options.onSignal)) === 'done') return;
  const left = stops.inFlight();
  stops.cutInFlight();
  if (left.length === 0) return;
  options.say?.(`Stopped waiting: cancelled ${listOf(left)}; reading them back to log whether each was applied…\n`);
  // Another signal while reading back must not end the process before the log has the answer.
  const ignore = options.onSignal(() => {});
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, READ_BACK_MS * 2);
  });
  await Promise.race([idle, cap]);
  clearTimeout(timer);
  ignore();
}
