/**
 * The console's writes at quit, after the screen is given back. Every write of the console
 * (queries/write-mutations.ts), in every profile's session, is held by the one set of write
 * stops until its activity-log entry is written. At quit nothing new is sent; those in flight
 * may finish for at most `waitMs` (the request deadline), with a line on stderr saying what
 * is waited for; then, or at once on Ctrl+C, they are cut and read back
 * (src/ops/write-stops.ts). Each ends in the activity log as finished, or as read back: never
 * as unknown without saying so.
 */
import { READ_BACK_MS, type WriteStopControl } from '../ops/write-stops.js';

export interface QuitWritesOptions {
  /** Longest wait for the writes in flight to finish by themselves. */
  readonly waitMs: number;
  readonly stderr: { write(text: string): unknown };
}

/** Signals that end the wait at once (the terminal is back in its normal mode: Ctrl+C is SIGINT). */
const CUT_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function listOf(writes: readonly string[]): string {
  const n = writes.length;
  return `${n} write${n === 1 ? '' : 's'} in flight (${writes.join(', ')})`;
}

/** Waits until `done`, for at most `ms`, or until a cut signal arrives; says which came first. */
function waitOrSignal(ms: number, done: Promise<void>): Promise<'done' | 'timeout' | 'signal'> {
  return new Promise((resolve) => {
    const end = (how: 'done' | 'timeout' | 'signal') => {
      clearTimeout(timer);
      for (const signal of CUT_SIGNALS) process.off(signal, onSignal);
      resolve(how);
    };
    const onSignal = () => end('signal');
    const timer = setTimeout(() => end('timeout'), ms);
    for (const signal of CUT_SIGNALS) process.on(signal, onSignal);
    void done.then(() => end('done'));
  });
}

/** Holds the process while the writes in flight finish or are read back (see the file comment). */
export async function settleWritesAtQuit(stops: WriteStopControl, options: QuitWritesOptions): Promise<void> {
  stops.stopNew();
  const pending = stops.inFlight();
  if (pending.length === 0) return;
  const seconds = Math.ceil(options.waitMs / 1000);
  options.stderr.write(
    `Waiting for ${listOf(pending)} to finish, at most ${seconds} s; nothing new is sent. Ctrl+C stops waiting: the write is then cancelled and read back. The activity log records how each ended.\n`,
  );
  const idle = stops.whenIdle();
  if ((await waitOrSignal(options.waitMs, idle)) === 'done') return;
  const left = stops.inFlight();
  stops.cutInFlight();
  if (left.length === 0) return;
  options.stderr.write(`Stopped waiting: cancelled ${listOf(left)}; reading them back to log whether each was applied…\n`);
  // Ctrl+C while reading back must not kill the process before the log has the answer.
  const ignore = () => {};
  for (const signal of CUT_SIGNALS) process.on(signal, ignore);
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, READ_BACK_MS * 2);
  });
  await Promise.race([idle, cap]);
  clearTimeout(timer);
  for (const signal of CUT_SIGNALS) process.off(signal, ignore);
}
