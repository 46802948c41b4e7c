/**
 * Start-up: from the launch of `node <shebang flags> dist/returns-console.js --base-url URL`
 * (key in the environment; launched as the bin launches it) in a real pty to the first page
 * of 50 orders on screen, against a sandbox already running; next to the floor, a bare node
 * script that fetches the same page with fetch and prints it, launched the same way. Runs
 * alternate between the two.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_KEY } from './sandbox.js';
import { benchEnv, emptyCacheDir, spawnRun } from './pty-run.js';
import { runCommandOnce } from './measure-command.js';

/**
 * The console measured: dist/returns-console.js, or a copy of dist/ named by
 * RETURNS_BENCH_BUNDLE (a snapshot no other build can rewrite during the run).
 */
export const CONSOLE_BUNDLE = process.env.RETURNS_BENCH_BUNDLE ?? join(process.cwd(), 'dist', 'returns-console.js');
const FLOOR_SCRIPT = join(process.cwd(), 'bench', 'console', 'floor.mjs');
const COLS = 160;
/** Tall enough for all 50 rows of the first page (the console keeps 7 lines for itself). */
const ROWS = 60;

/** A launch's CPU time in ms; null when the process had ended before it could be read. */
export type CpuSample = number | null;

/** A build of the console measured next to this one: what it leaves out, and its launches. */
export interface OtherBuild {
  /** The measure's name (bench/console/variants.ts). */
  readonly name: string;
  readonly label: string;
  readonly bundle: string;
}

/** One variant's start-up launches, sample i taken in the same round as this build's sample i. */
export interface VariantStartup {
  readonly name: string;
  readonly label: string;
  readonly ms: readonly number[];
  readonly cpu: readonly CpuSample[];
  /** Launches with an empty compile cache, when the run measured them (`--first-launches`). */
  readonly firstLaunch: readonly number[] | null;
}

export interface StartupSamples {
  /** Milliseconds from spawn to the 50th order of the first page in the output. */
  readonly console: readonly number[];
  /** The same for the baseline build, when one was given. */
  readonly baseline: readonly number[] | null;
  readonly floor: readonly number[];
  /** The same for the stack floor (bench/console/stack-floor/), when it was measured. Absent in older saved runs. */
  readonly stack?: readonly number[] | null;
  /** The console launched with an empty compile cache (a first launch after an install). Absent in older saved runs. */
  readonly firstLaunch?: readonly number[] | null;
  /**
   * CPU time (user + system, ms) each launch had used when its first page was complete, in
   * the order of the samples above: what start-up costs the process itself, which the load of
   * other work hardly changes (the times above include waiting for a core). Absent in older saved runs.
   */
  readonly cpu?: {
    readonly console: readonly CpuSample[];
    readonly baseline: readonly CpuSample[] | null;
    readonly floor: readonly CpuSample[];
    readonly stack?: readonly CpuSample[] | null;
    readonly firstLaunch?: readonly CpuSample[] | null;
  };
  /** The builds without one measure each (`--without`), launched in the same rounds. Absent in older saved runs. */
  readonly variants?: readonly VariantStartup[];
  /** A command run to its exit (`--command`) with this build and each variant, in the same rounds. */
  readonly command?: {
    readonly args: readonly string[];
    readonly ms: readonly number[];
    readonly cpu: readonly CpuSample[];
    readonly variants: readonly VariantStartup[];
  };
  /** The order whose row marks the first page complete. */
  readonly lastOrderName: string;
}

/** The order name of the 50th (last) order of the first page. */
export async function lastOfFirstPage(url: string): Promise<string> {
  const response = await fetch(`${url}/return_orders?limit=50`, { headers: { Authorization: `Bearer ${API_KEY}` } });
  const page = (await response.json()) as { data: { order_name: string }[] };
  if (page.data.length !== 50) throw new Error(`expected a full first page, got ${page.data.length} orders`);
  return page.data[49]!.order_name;
}

/**
 * One launch of `args` until `marker` is in the output: milliseconds from spawn, and the CPU
 * time used by then. Then killed, or with `isQuitting` quit with q as a user does (a console
 * writes its compile cache when it exits).
 */
async function once(
  args: readonly string[],
  marker: string,
  options: { readonly env?: Record<string, string>; readonly isQuitting?: boolean } = {},
): Promise<{ readonly ms: number; readonly cpuMs: CpuSample }> {
  const { run, startedAt } = spawnRun(args, benchEnv({ RETURNS_API_KEY: API_KEY, ...options.env }), COLS, ROWS);
  try {
    const at = await run.waitFor((text) => text.includes(marker), { timeoutMs: 30_000 });
    // Every program measured stays until it is killed (the floor with --stay), so the read
    // cannot miss; should one end first, its CPU time is not known rather than a crash.
    const launch = { ms: at - startedAt, cpuMs: run.cpuMs() ?? null };
    if (options.isQuitting) {
      run.write('q');
      await Promise.race([run.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    return launch;
  } finally {
    await run.kill();
  }
}

/**
 * The node flags of the bundle's shebang (`#!/usr/bin/env -S node --flag …`): the console is
 * measured as its bin and `npm start` launch it, with the same node as the harness.
 */
export function launchFlags(bundle: string): string[] {
  const firstLine = readFileSync(bundle, 'utf8').split('\n', 1)[0] ?? '';
  const match = /^#!.*\bnode((?: --[^\s]+)*)\s*$/.exec(firstLine);
  return match?.[1]?.split(' ').filter((f) => f !== '') ?? [];
}

/** The console's launch arguments: its shebang's node flags (then `nodeFlags`, which win), the bundle, its options. */
export function consoleArgs(url: string, extra: readonly string[] = [], bundle = CONSOLE_BUNDLE, nodeFlags: readonly string[] = []): string[] {
  return [...launchFlags(bundle), ...nodeFlags, bundle, '--base-url', url, ...extra];
}

/**
 * `runs` launches of each (after one warm-up of each, not counted): the floor, the console,
 * the `stackFloor` (the built bench/console/stack-floor/ app), the `baseline` bundle (another
 * build of the console) when given, and each of `variants`. The order rotates from run to
 * run, so drift in the machine's load hits all alike. With `firstLaunches`, each variant is
 * also launched with an empty compile cache, as this build always is.
 */
export async function measureStartup(
  url: string,
  runs: number,
  builds: {
    readonly baseline: string | null;
    readonly stackFloor: string | null;
    readonly variants?: readonly OtherBuild[];
    readonly firstLaunches?: boolean;
    /** A command (e.g. `list --limit 1`) run to its exit with this build and each variant, in the same rotation. */
    readonly command?: readonly string[];
  },
  log: (line: string) => void,
): Promise<StartupSamples> {
  const marker = await lastOfFirstPage(url);
  const { baseline, stackFloor, variants = [], firstLaunches = false, command = [] } = builds;
  const kind = (name: string, args: string[], isCold = false, isCommand = false) => ({ name, args, isCold, isCommand, samples: [] as number[], cpu: [] as CpuSample[] });
  const commandArgs = (bundle: string) => [...launchFlags(bundle), bundle, ...command, '--base-url', url];
  const commandEnv = () => benchEnv({ RETURNS_API_KEY: API_KEY });
  const kinds = [
    // --stay: it idles after printing, until killed, as the others do.
    kind('floor', [FLOOR_SCRIPT, url, '50', '--stay']),
    ...(stackFloor ? [kind('stack floor', [stackFloor, url])] : []),
    kind('console', consoleArgs(url)),
    ...(baseline ? [kind('baseline', consoleArgs(url, [], baseline))] : []),
    // A first launch after an install: Node's compile cache still empty.
    kind('first launch', consoleArgs(url), true),
    ...variants.flatMap((v) => [
      kind(`without ${v.name}`, consoleArgs(url, [], v.bundle)),
      ...(firstLaunches ? [kind(`without ${v.name}, first launch`, consoleArgs(url, [], v.bundle), true)] : []),
    ]),
    ...(command.length > 0
      ? [kind('command', commandArgs(CONSOLE_BUNDLE), false, true), ...variants.map((v) => kind(`command without ${v.name}`, commandArgs(v.bundle), false, true))]
      : []),
  ];
  const launch = (k: (typeof kinds)[number], options: Parameters<typeof once>[2]) =>
    k.isCommand ? runCommandOnce(k.args, commandEnv()) : once(k.args, marker, options);
  // The warm-ups quit as a user does, so the compile cache of the consoles and the stack floor is written once.
  for (const k of kinds) await launch(k, { isQuitting: k.name !== 'floor' });
  for (let i = 0; i < runs; i++) {
    for (let j = 0; j < kinds.length; j++) {
      const k = kinds[(i + j) % kinds.length]!;
      const result = await launch(k, { env: k.isCold ? { XDG_CACHE_HOME: emptyCacheDir() } : {} });
      k.samples.push(result.ms);
      k.cpu.push(result.cpuMs);
    }
    const shown = kinds.length > 6 ? kinds.slice(0, 4) : kinds;
    log(`  start-up run ${i + 1}/${runs}: ${shown.map((k) => `${k.name} ${k.samples.at(-1)!.toFixed(0)} ms`).join(', ')}${shown === kinds ? '' : ', …'}`);
  }
  const of = (name: string) => kinds.find((k) => k.name === name)?.samples ?? null;
  const cpuOf = (name: string) => kinds.find((k) => k.name === name)?.cpu ?? null;
  return {
    console: of('console')!,
    baseline: of('baseline'),
    floor: of('floor')!,
    stack: of('stack floor'),
    firstLaunch: of('first launch'),
    cpu: {
      console: cpuOf('console')!,
      baseline: cpuOf('baseline'),
      floor: cpuOf('floor')!,
      stack: cpuOf('stack floor'),
      firstLaunch: cpuOf('first launch'),
    },
    variants: variants.map((v) => ({
      name: v.name,
      label: v.label,
      ms: of(`without ${v.name}`)!,
      cpu: cpuOf(`without ${v.name}`)!,
      firstLaunch: of(`without ${v.name}, first launch`),
    })),
    ...(command.length > 0 && {
      command: {
        args: command,
        ms: of('command')!,
        cpu: cpuOf('command')!,
        variants: variants.map((v) => ({ name: v.name, label: v.label, ms: of(`command without ${v.name}`)!, cpu: cpuOf(`command without ${v.name}`)!, firstLaunch: null })),
      },
    }),
    lastOrderName: marker,
  };
}
