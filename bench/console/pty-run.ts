/**
 * A program in a real pseudo-terminal (node-pty) for timing: raw output with arrival
 * times, waits on the output, and the process's resident set and CPU time from /proc. No
 * terminal emulator parses the output here, so the harness adds as little as possible to
 * timings; `onData` hands each chunk and its arrival time on (to a TimedScreen, say).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pty from '@lydell/node-pty';

/** Linux's USER_HZ, the unit of /proc/PID/stat's times (100 on every Linux architecture node runs on). */
const CLOCK_TICKS_PER_SECOND = 100;

export interface PtyRun {
  readonly pid: number;
  /** Everything written so far. */
  output(): string;
  /** Resolves with the arrival time (performance.now) of the chunk after which `check(output from `from`)` holds. */
  waitFor(check: (text: string) => boolean, options?: { readonly from?: number; readonly timeoutMs?: number }): Promise<number>;
  write(data: string): void;
  /** Resident set and its peak, in KiB, from /proc/PID/status. */
  memory(): { readonly rssKiB: number; readonly hwmKiB: number };
  /**
   * CPU time the process has used (user + system), in ms (processCpuMs); undefined once it
   * has ended (node-pty reaps it at once, and its /proc entry goes with it).
   */
  cpuMs(): number | undefined;
  /** Resolves when the process has ended. */
  readonly exited: Promise<void>;
  kill(): Promise<void>;
  /** Arrival time of each chunk, with its offset in the output. */
  readonly chunks: { readonly at: number; readonly offset: number }[];
}

/** One temporary directory per benchmark process, removed when it exits (a run launches hundreds of consoles). */
let benchRoot: string | null = null;
function launchRoot(): string {
  if (benchRoot === null) {
    const root = mkdtempSync(join(tmpdir(), 'rc-bench-'));
    benchRoot = root;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return mkdtempSync(join(benchRoot, 'launch-'));
}

/** A cache directory no launch has used yet (a first launch after an install). */
export function emptyCacheDir(): string {
  return join(launchRoot(), 'cache');
}

/**
 * A fresh environment: no CI markers (Ink would draw only the last frame), empty config and
 * state. Node's compile cache (src/cli/compile-cache.ts) is one directory for the whole
 * benchmark process, as a user's is for all their launches; `extra` can give another.
 */
export function benchEnv(extra: Record<string, string>): Record<string, string> {
  const root = launchRoot();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION' && k !== 'NO_COLOR' && !k.startsWith('RETURNS_')) env[k] = v;
  }
  return {
    ...env,
    TERM: 'xterm-256color',
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_STATE_HOME: join(root, 'state'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(benchRoot!, 'cache'),
    ...extra,
  };
}

/** The text of /proc/PID/NAME, or undefined when the process has ended and been reaped. */
export function readProcFile(pid: number, name: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined;
    throw error;
  }
}

/**
 * CPU time (user + system) process `pid` has used, in ms: the sum of its threads' run time in
 * /proc/PID/task/TID/schedstat (nanoseconds; a thread that has already ended is not counted,
 * and node's threads live as long as the process), else /proc/PID/stat's utime and stime (whole
 * clock ticks: 10 ms steps, too coarse for differences of a few per cent). Undefined once the
 * process has ended and been reaped.
 */
export function processCpuMs(pid: number): number | undefined {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined;
    throw error;
  }
  let ns = 0;
  let read = 0;
  for (const tid of threads) {
    const schedstat = readProcFile(pid, `task/${tid}/schedstat`);
    if (schedstat === undefined) continue;
    ns += Number(schedstat.split(' ')[0]);
    read++;
  }
  if (read > 0) return ns / 1e6;
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const stat = readProcFile(pid, 'stat');
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Starts `node args` (or `file args`: a standalone binary) in a pty of cols x rows.
 * `startedAt` is taken right before the spawn.
 */
export function spawnRun(
  args: readonly string[],
  env: Record<string, string>,
  cols: number,
  rows: number,
  onData?: (data: string, at: number) => void,
  file: string = process.execPath,
): { run: PtyRun; startedAt: number } {
  const startedAt = performance.now();
  const proc = pty.spawn(file, [...args], { name: 'xterm-256color', cols, rows, cwd: process.cwd(), env });
  let raw = '';
  const chunks: { at: number; offset: number }[] = [];
  const listeners = new Set<() => void>();
  proc.onData((data) => {
    const at = performance.now();
    chunks.push({ at, offset: raw.length });
    raw += data;
    onData?.(data, at);
    for (const l of [...listeners]) l();
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => proc.onExit(() => {
    exited = true;
    resolve();
  }));
  const run: PtyRun = {
    pid: proc.pid,
    chunks,
    output: () => raw,
    write: (data) => proc.write(data),
    waitFor: (check, options = {}) =>
      new Promise((resolve, reject) => {
        const from = options.from ?? 0;
        const test = () => {
          if (!check(raw.slice(from))) return;
          cleanup();
          resolve(chunks[chunks.length - 1]?.at ?? performance.now());
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`output did not match within ${options.timeoutMs ?? 30_000} ms; last output:\n${raw.slice(-2000)}`));
        }, options.timeoutMs ?? 30_000);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(test);
        };
        listeners.add(test);
        test();
      }),
    memory: () => {
      const status = exited ? undefined : readProcFile(proc.pid, 'status');
      if (status === undefined) throw new Error(`the process ended before its memory was read; last output:\n${raw.slice(-2000)}`);
      const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
      return { rssKiB: kib('VmRSS'), hwmKiB: kib('VmHWM') };
    },
    // Not read once the exit is known: the pid may already belong to another process.
    cpuMs: () => (exited ? undefined : processCpuMs(proc.pid)),
    exited: exit,
    kill: async () => {
      if (!exited) proc.kill('SIGKILL');
      await exit;
    },
  };
  return { run, startedAt };
}
