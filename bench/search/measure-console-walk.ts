/**
 * The console walking its index itself: the built console started with an empty state
 * directory, `/` pressed (the index opens at once and walks), its resident set read every
 * second until the index line says the walk is done. The walk's time here includes the
 * console's own start and its first page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchEnv, spawnRun } from '../console/pty-run.js';
import { TimedScreen } from '../console/timed-screen.js';

export interface ConsoleWalkSamples {
  readonly walkSeconds: number;
  /** Resident set (KiB) sampled every second during the walk, and the peak at its end. */
  readonly rssKiB: readonly number[];
  readonly peakKiB: number;
}

/** Runs the console built as `bundle` until its first walk is done. */
export async function measureConsoleWalk(options: { readonly url: string; readonly apiKey: string; readonly bundle: string }): Promise<ConsoleWalkSamples> {
  const screen = new TimedScreen(120, 40);
  const stateHome = mkdtempSync(join(tmpdir(), 'rc-bench-console-walk-'));
  const { run } = spawnRun([options.bundle, '--base-url', options.url], benchEnv({ RETURNS_API_KEY: options.apiKey, XDG_STATE_HOME: stateHome }), 120, 40, (data, at) => screen.feed(data, at));
  try {
    await screen.waitFor((lines) => lines.join('\n').includes('page 1 '), { from: 0, timeoutMs: 30_000 });
    const t0 = performance.now();
    run.write('/');
    const rssKiB: number[] = [];
    let isDone = false;
    const done = screen.waitFor((lines) => /Index of [\d,]+ orders/.test(lines.join('\n')), { from: 0, timeoutMs: 600_000 }).then(() => (isDone = true));
    while (!isDone) {
      rssKiB.push(run.memory().rssKiB);
      await Promise.race([sleep(1_000), done]);
    }
    const walkSeconds = (performance.now() - t0) / 1000;
    return { walkSeconds, rssKiB, peakKiB: run.memory().hwmKiB };
  } finally {
    await run.kill();
  }
}
