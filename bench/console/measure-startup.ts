/**
 * Start-up: from the launch of `node dist/returns-console.js --base-url URL` (key in the
 * environment) in a real pty to the first page of 50 orders on screen, against a sandbox
 * already running; next to the floor, a bare node script that fetches the same page with
 * fetch and prints it, launched the same way. Runs alternate between the two.
 */
import { join } from 'node:path';
import { API_KEY } from './sandbox.js';
import { benchEnv, spawnRun } from './pty-run.js';

/** The built console (RC_BENCH_BUNDLE overrides it, to compare builds). */
export const CONSOLE_BUNDLE = process.env.RC_BENCH_BUNDLE ?? join(process.cwd(), 'dist', 'returns-console.js');
const FLOOR_SCRIPT = join(process.cwd(), 'bench', 'console', 'floor.mjs');
const COLS = 160;
/** Tall enough for all 50 rows of the first page (the console keeps 7 lines for itself). */
const ROWS = 60;

export interface StartupSamples {
  /** Milliseconds from spawn to the 50th order of the first page in the output. */
  readonly console: readonly number[];
  readonly floor: readonly number[];
  /** The order whose row marks the first page complete. */
  readonly lastOrderName: string;
}

/** The order name of the 50th (last) order of the first page. */
async function lastOfFirstPage(url: string): Promise<string> {
  const response = await fetch(`${url}/return_orders?limit=50`, { headers: { Authorization: `Bearer ${API_KEY}` } });
  const page = (await response.json()) as { data: { order_name: string }[] };
  if (page.data.length !== 50) throw new Error(`expected a full first page, got ${page.data.length} orders`);
  return page.data[49]!.order_name;
}

/** One launch of `args` until `marker` is in the output; milliseconds from spawn. */
async function once(args: readonly string[], marker: string): Promise<number> {
  const { run, startedAt } = spawnRun(args, benchEnv({ RETURNS_API_KEY: API_KEY }), COLS, ROWS);
  try {
    const at = await run.waitFor((text) => text.includes(marker), { timeoutMs: 30_000 });
    return at - startedAt;
  } finally {
    await run.kill();
  }
}

/** The console's launch arguments. */
export function consoleArgs(url: string, extra: readonly string[] = []): string[] {
  return [CONSOLE_BUNDLE, '--base-url', url, ...extra];
}

/** `runs` launches of each (after one warm-up of each, not counted). */
export async function measureStartup(url: string, runs: number, log: (line: string) => void): Promise<StartupSamples> {
  const marker = await lastOfFirstPage(url);
  const floorArgs = [FLOOR_SCRIPT, url];
  await once(floorArgs, marker);
  await once(consoleArgs(url), marker);
  const console: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first, so drift in the machine's load hits both alike.
    if (i % 2 === 0) {
      floor.push(await once(floorArgs, marker));
      console.push(await once(consoleArgs(url), marker));
    } else {
      console.push(await once(consoleArgs(url), marker));
      floor.push(await once(floorArgs, marker));
    }
    log(`  start-up run ${i + 1}/${runs}: console ${console.at(-1)!.toFixed(0)} ms, floor ${floor.at(-1)!.toFixed(0)} ms`);
  }
  return { console, floor, lastOrderName: marker };
}
