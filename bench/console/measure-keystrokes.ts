/**
 * Keystroke to updated frame, and memory: the console in a real pty with 100-row pages
 * (--limit 100) pages through 100 pages (10,000 orders in its cache, served from React
 * Query afterwards), then j/k keys are written one at a time; for each, the time to the
 * first byte of output and to the end of the frame that shows the new selection (Ink
 * wraps each frame in synchronized-output markers). The resident set of the console
 * process is read from /proc along the way.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY } from './sandbox.js';
import { consoleArgs } from './measure-startup.js';
import { benchEnv, spawnRun } from './pty-run.js';
import { TimedScreen } from './timed-screen.js';

const COLS = 120;
const ROWS = 50;
const LIMIT = 100;
/** End of a synchronized update: Ink's frame is complete. */
const ESU = '\u001b[?2026l';

export interface KeystrokeSamples {
  readonly firstByteMs: readonly number[];
  readonly frameMs: readonly number[];
  readonly pages: number;
  readonly cachedOrders: number;
  readonly keys: number;
  /** Pause after each frame before the next key (a typist's pace; avoids Ink's 30 fps throttle). */
  readonly pauseMs: number;
  /** Resident set (KiB) of the console: after the first page, after paging, after the keys; and its peak. */
  readonly rss: { readonly firstPage: number; readonly paged: number; readonly afterKeys: number; readonly peak: number };
  /** Seconds it took to page through. */
  readonly pagingSeconds: number;
  /**
   * CPU time (user + system) the console used for the keys, per key, in ms: what a key costs
   * the console itself, which the load of other work on the machine hardly changes (the
   * wall-clock times above include waiting for a core). Absent in older saved runs.
   */
  readonly cpuMsPerKey?: number;
  /** Bytes the console wrote to the terminal per key (what a slow link carries). Absent in older saved runs. */
  readonly bytesPerKey?: number;
}

/** The ids of each page of `limit`, walking the cursors as the console does. */
async function pageIds(url: string, pages: number): Promise<number[][]> {
  const out: number[][] = [];
  let cursor: string | null = null;
  for (let p = 0; p < pages; p++) {
    const query: string = `limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`${url}/return_orders?${query}`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    const page = (await response.json()) as { data: { id: number }[]; next_cursor: string | null };
    out.push(page.data.map((o) => o.id));
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  return out;
}

/** The id on the selected row of the screen (the row starting with the marker). */
const selectedOnScreen = (lines: readonly string[]) => {
  const match = lines.map((l) => /^›.?\s*(\d+)\b/.exec(l)).find((m) => m !== null);
  return match ? Number(match[1]) : undefined;
};

/** Pages through `options.pages` pages of the console built as `bundle`, then times `options.keys` keys. */
export async function measureKeystrokes(
  url: string,
  bundle: string,
  options: { pages: number; keys: number; pauseMs: number; nodeFlags?: readonly string[] },
  log: (line: string) => void,
): Promise<KeystrokeSamples> {
  const pages = await pageIds(url, options.pages);
  if (pages.length < options.pages) throw new Error(`the service has only ${pages.length} pages of ${LIMIT}`);
  const args = consoleArgs(url, ['--limit', String(LIMIT)], bundle, options.nodeFlags);
  const screen = new TimedScreen(COLS, ROWS);
  const { run } = spawnRun(args, benchEnv({ RETURNS_API_KEY: API_KEY }), COLS, ROWS, (data, at) => screen.feed(data, at));
  try {
    const screenText = (lines: readonly string[]) => lines.join('\n');
    await screen.waitFor((lines) => screenText(lines).includes(`${pages[0]![0]!}`) && screenText(lines).includes('page 1 '), { from: 0, timeoutMs: 30_000 });
    await sleep(500);
    const firstPage = run.memory().rssKiB;
    const pagingStart = performance.now();
    for (let p = 1; p < pages.length; p++) {
      run.write('n');
      const first = pages[p]![0]!;
      await screen.waitFor((lines) => screenText(lines).includes(`page ${p + 1} `) && selectedOnScreen(lines) === first, { from: 0, timeoutMs: 30_000 });
      if (p % 20 === 0) log(`  paged to page ${p + 1}`);
    }
    const pagingSeconds = (performance.now() - pagingStart) / 1000;
    await sleep(1000);
    const paged = run.memory().rssKiB;
    const ids = pages.at(-1)!;

    const firstByteMs: number[] = [];
    const frameMs: number[] = [];
    const cpuBefore = run.cpuMs();
    const outputBefore = run.output().length;
    let row = 0;
    for (let i = 0; i < options.keys; i++) {
      const isDown = Math.floor(i / 50) % 2 === 0;
      row = Math.max(0, Math.min(ids.length - 1, row + (isDown ? 1 : -1)));
      const expected = ids[row]!;
      const from = screen.parsedLength();
      const chunkIndex = run.chunks.length;
      const t0 = performance.now();
      run.write(isDown ? 'j' : 'k');
      // The end of a frame (Ink's end-of-update marker) after which the screen shows the new
      // selection: also frames that rewrite only what changed (incrementalRendering).
      const done = await screen.waitFor((lines, output) => output.includes(ESU) && selectedOnScreen(lines) === expected, { from, timeoutMs: 10_000 });
      firstByteMs.push(run.chunks[chunkIndex]!.at - t0);
      frameMs.push(done - t0);
      await sleep(options.pauseMs);
    }
    const cpuAfter = run.cpuMs();
    const bytesPerKey = Buffer.byteLength(run.output().slice(outputBefore)) / options.keys;
    const cpuMsPerKey = cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / options.keys;
    const afterKeys = run.memory();
    return {
      ...(cpuMsPerKey !== undefined && { cpuMsPerKey }),
      bytesPerKey,
      firstByteMs,
      frameMs,
      pages: pages.length,
      cachedOrders: pages.reduce((n, p) => n + p.length, 0),
      keys: options.keys,
      pauseMs: options.pauseMs,
      rss: { firstPage, paged, afterKeys: afterKeys.rssKiB, peak: afterKeys.hwmKiB },
      pagingSeconds,
    };
  } finally {
    await run.kill();
  }
}

/** The keystroke floor: `keys` keys to echo-floor.mjs (answers each key at once), timed the same way. */
export async function measureEchoFloor(keys: number, pauseMs: number): Promise<{ firstByteMs: number[]; frameMs: number[] }> {
  const { run } = spawnRun([`${process.cwd()}/bench/console/echo-floor.mjs`], benchEnv({}), COLS, ROWS);
  try {
    await run.waitFor((t) => t.includes('ready'), { timeoutMs: 30_000 });
    const firstByteMs: number[] = [];
    const frameMs: number[] = [];
    for (let i = 0; i < keys; i++) {
      const key = Math.floor(i / 50) % 2 === 0 ? 'j' : 'k';
      const from = run.output().length;
      const chunkIndex = run.chunks.length;
      const t0 = performance.now();
      run.write(key);
      const done = await run.waitFor((t) => t.includes(`${key}${ESU}`), { from, timeoutMs: 10_000 });
      firstByteMs.push(run.chunks[chunkIndex]!.at - t0);
      frameMs.push(done - t0);
      await sleep(pauseMs);
    }
    return { firstByteMs, frameMs };
  } finally {
    await run.kill();
  }
}

/** Resident set (KiB) of the floor script after printing its page (it idles with --stay). */
export async function floorResidentSet(url: string): Promise<number> {
  const { run } = spawnRun([`${process.cwd()}/bench/console/floor.mjs`, url, '50', '--stay'], benchEnv({ RETURNS_API_KEY: API_KEY }), 160, 60);
  try {
    await run.waitFor((t) => t.split('\n').length > 50, { timeoutMs: 30_000 });
    await sleep(500);
    return run.memory().rssKiB;
  } finally {
    await run.kill();
  }
}
