/**
 * Measuring one sandbox server (the current sources, or a baseline worktree's) next to its
 * own bare node:http floor: the floor before, every scenario from N connections and then
 * from one, the floor after. Each store gets its floor from the same minutes of the run,
 * so its ratios hold even when other work on the machine comes and goes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type ServerChild } from './child-process.js';
import { measure, type LoadResult, type LoadSettings } from './load.js';
import { firstPageQuery, type Scenario } from './scenarios.js';

export interface Page {
  data: { id: number; order_name: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

/** One GET of the list; throws on anything but a 200. */
export async function getPage(child: { readonly url: string }, key: string, query: string): Promise<{ page: Page; bytes: number; text: string }> {
  const res = await fetch(`${child.url}/return_orders?${query}`, { headers: { Authorization: `Bearer ${key}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET return_orders?${query} answered ${res.status}: ${text.slice(0, 300)}`);
  return { page: JSON.parse(text) as Page, bytes: Buffer.byteLength(text), text };
}

export interface StoreMeasurement {
  /** Per scenario: the throughput run, the one-connection run, and the probed page. */
  readonly loads: ReadonlyMap<string, LoadResult>;
  readonly singles: ReadonlyMap<string, LoadResult>;
  readonly probes: ReadonlyMap<string, { readonly bytes: number; readonly orders: number }>;
  /** The bare server before and after the scenarios, and from one connection. */
  readonly baselines: readonly LoadResult[];
  readonly baselineSingle: LoadResult;
  readonly baselineBodyBytes: number;
  /** The measured sandbox child's pid (its CPU profile is named after it). */
  readonly sandboxPid: number;
}

export interface StoreRun {
  readonly dbPath: string;
  readonly key: string;
  readonly scenarios: readonly Scenario[];
  readonly settings: LoadSettings;
  readonly singleSettings: LoadSettings;
  readonly log: (line: string) => void;
  /** A baseline worktree to run the sandbox from (default: this checkout). */
  readonly root?: string;
  readonly profileDir?: string;
}

/** Runs the whole measurement against one sandbox child; children are stopped at the end. */
export async function measureStore(run: StoreRun): Promise<StoreMeasurement> {
  const { key, settings, singleSettings, log } = run;
  const children: ServerChild[] = [];
  const bodyDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  try {
    const sandbox = await startChild('sandbox-child.ts', run.dbPath, run.profileDir, run.root);
    children.push(sandbox);
    log(`sandbox child pid ${sandbox.pid} at ${sandbox.url}${run.root ? ` (from ${run.root})` : ''}`);

    const probes = new Map<string, { bytes: number; orders: number }>();
    for (const s of run.scenarios.filter((x) => x.queries.length === 1)) {
      const { page, bytes } = await getPage(sandbox, key, s.queries[0]!);
      probes.set(s.key, { bytes, orders: page.data.length });
    }
    // The bare server serves the exact bytes of the first unfiltered page.
    const { bytes: baselineBodyBytes, text: firstPageText } = await getPage(sandbox, key, firstPageQuery(''));
    const bodyPath = join(bodyDir, 'page.json');
    writeFileSync(bodyPath, firstPageText);

    const bare = await startChild('bare-child.ts', bodyPath);
    children.push(bare);
    const headers = { Authorization: `Bearer ${key}` };
    const origin = new URL(sandbox.url).origin;
    const basePath = new URL(sandbox.url).pathname;
    const bareTarget = { origin: bare.url, paths: ['/'], headers: {}, serverPid: bare.pid };

    const baselines: LoadResult[] = [];
    log(`baseline (before): bare node:http, ${baselineBodyBytes} bytes`);
    baselines.push(await measure(bareTarget, settings));
    log('baseline: 1 connection');
    const baselineSingle = await measure(bareTarget, singleSettings);
    const loads = new Map<string, LoadResult>();
    const singles = new Map<string, LoadResult>();
    for (const s of run.scenarios) {
      log(`scenario ${s.key}: ${s.title}`);
      const paths = s.queries.map((q) => `${basePath}/return_orders?${q}`);
      const target = { origin, paths, headers, serverPid: sandbox.pid };
      loads.set(s.key, await measure(target, settings));
      singles.set(s.key, await measure(target, singleSettings));
    }
    log('baseline (after)');
    baselines.push(await measure(bareTarget, settings));
    // Walk pages are probed after their runs, so the probe does not warm the measured pages.
    for (const s of run.scenarios.filter((x) => x.queries.length > 1)) {
      const { page, bytes } = await getPage(sandbox, key, s.queries[Math.floor(s.queries.length / 2)]!);
      probes.set(s.key, { bytes, orders: page.data.length });
    }
    return { loads, singles, probes, baselines, baselineSingle, baselineBodyBytes, sandboxPid: sandbox.pid };
  } finally {
    for (const child of children) await child.stop();
    rmSync(bodyDir, { recursive: true, force: true });
  }
}
