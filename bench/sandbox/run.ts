/**
 * `npm run bench:sandbox`: the sandbox's list endpoint at 1,000,000 orders against a bare
 * node:http baseline, in one run. See docs/benchmarks.md for the figures and settings.
 *
 * Options (after `npm run bench:sandbox --`): --orders N (default 1000000), --duration S
 * (10), --warmup S (2), --connections N (10; each scenario is also run from 1 connection for
 * half the duration, for a single client's latency), --cursors N (pages of walk f, 200),
 * --long-walk N (pages of walk g, 2000), --only a,d (just these scenarios; implies --no-docs),
 * --no-docs (print only), --profile (CPU profile of the sandbox child, printed as a summary;
 * implies --no-docs).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startChild, type ServerChild } from './child-process.js';
import { CACHE_DIR, DATASET_END_AT, ensureDataset } from './dataset.js';
import { measure, type LoadResult, type LoadSettings } from './load.js';
import { analyzeScenarios } from './plans.js';
import { scalar, sqlite } from '../../src/sandbox/db/sqlite.js';
import { topSelfTime } from './profile-summary.js';
import { renderSection, replaceSection, verdicts, type ScenarioRow } from './report.js';
import {
  buildScenarios,
  firstPageQuery,
  LONG_WALK_FILTERS,
  nextPageQuery,
  WALK_FILTERS,
  weekWindow,
} from './scenarios.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC_PATH = join(ROOT, 'docs', 'benchmarks.md');
const SHOP_ID = 'shop_aurora';
const CURSOR_TTL_SECONDS = 900;
const ANALYSIS_ITERATIONS = 300;

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    cursors: { type: 'string', default: '200' },
    'long-walk': { type: 'string', default: '2000' },
    'no-docs': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});

function whole(name: string, raw: string, min: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min) {
    process.stderr.write(`--${name} must be a whole number of at least ${min} (got "${raw}")\n`);
    process.exit(2);
  }
  return n;
}
const positive = (name: string, raw: string) => whole(name, raw, 1);

const orders = positive('orders', args.orders);
const settings: LoadSettings = {
  durationS: positive('duration', args.duration),
  warmupS: whole('warmup', args.warmup, 0),
  connections: positive('connections', args.connections),
};
/**
 * One client's latency: right after the throughput run (so already warm), 1 connection,
 * half the measured time (still thousands of requests for the p99).
 */
const singleSettings: LoadSettings = {
  connections: 1,
  durationS: Math.max(2, Math.round(settings.durationS / 2)),
  warmupS: 0,
};
const cursorCount = positive('cursors', args.cursors);
const longWalkCount = positive('long-walk', args['long-walk']);
const only = args.only === undefined ? null : new Set(args.only.split(','));
const writeDocs = !args['no-docs'] && !args.profile && only === null && orders === 1_000_000;
const log = (line: string) => process.stderr.write(`[bench:sandbox] ${line}\n`);

interface Page {
  data: { id: number; order_name: string }[];
  has_more: boolean;
  next_cursor: string | null;
}

async function getPage(child: ServerChild, key: string, query: string): Promise<{ page: Page; bytes: number; text: string }> {
  const res = await fetch(`${child.url}/return_orders?${query}`, { headers: { Authorization: `Bearer ${key}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET return_orders?${query} answered ${res.status}: ${text.slice(0, 300)}`);
  return { page: JSON.parse(text) as Page, bytes: Buffer.byteLength(text), text };
}

async function collectCursors(child: ServerChild, key: string, filters: string, count: number): Promise<string[]> {
  const cursors: string[] = [];
  let query = firstPageQuery(filters);
  while (cursors.length < count) {
    const { page } = await getPage(child, key, query);
    if (!page.next_cursor) break;
    cursors.push(page.next_cursor);
    query = nextPageQuery(filters, page.next_cursor);
  }
  if (cursors.length < count) log(`the walk "${filters}" ended after ${cursors.length + 1} pages; using ${cursors.length} cursors`);
  return cursors;
}

/** The main thread's profile of process `pid` (the tsx loader thread writes its own). */
function mainThreadProfile(dir: string, pid: number): string | undefined {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`))
    .map((f) => join(dir, f))[0];
}

/** The last commit touching src/sandbox, and whether the work tree differs from it there. */
function sandboxVersion(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
    const commit = git('log', '-1', '--format=%h', '--', 'src/sandbox');
    const isDirty = git('status', '--porcelain', '--', 'src/sandbox') !== '';
    return `${commit}${isDirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const startLoad = loadavg();
  // Read before the children start: they load the sandbox's sources as they are now.
  const version = sandboxVersion();
  const dataset = ensureDataset(orders, log);
  log(`database ${dataset.path} (${(dataset.sizeBytes / 1048576).toFixed(0)} MiB${dataset.isFresh ? '' : ', cached'})`);

  const profileDir = args.profile ? join(CACHE_DIR, 'profiles') : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  const children: ServerChild[] = [];
  try {
    // A first sandbox process finds order names and collects the walks' cursors (cursors are
    // signed with the database's secret, so they stay valid in the next process); it is
    // stopped before measuring so the measured sandbox starts with an empty SQLite page cache.
    const collector = await startChild('sandbox-child.ts', dataset.path);
    children.push(collector);
    const key = collector.keys.find((k) => k.shopId === SHOP_ID)?.key;
    if (!key) throw new Error(`no active demo key for ${SHOP_ID} in ${dataset.path}`);
    const names: string[] = [];
    for (const daysBack of [null, 30, 150]) {
      const week = daysBack === null ? null : weekWindow(DATASET_END_AT, daysBack);
      const q = week ? new URLSearchParams({ submitted_at_min: week.min, submitted_at_max: week.max }).toString() : '';
      const { page } = await getPage(collector, key, firstPageQuery(q));
      names.push(page.data[0]!.order_name);
    }
    log(`collecting cursors: ${cursorCount} pages of ${WALK_FILTERS}, ${longWalkCount} pages without filter`);
    const walk = await collectCursors(collector, key, WALK_FILTERS, cursorCount);
    const longWalk = await collectCursors(collector, key, LONG_WALK_FILTERS, longWalkCount);
    await collector.stop();
    children.splice(children.indexOf(collector), 1);
    const scenarios = buildScenarios(DATASET_END_AT, names, walk, longWalk).filter((x) => !only || only.has(x.key));
    if (scenarios.length === 0) throw new Error(`--only ${args.only}: no such scenario (a to g)`);

    const sandbox = await startChild('sandbox-child.ts', dataset.path, profileDir);
    children.push(sandbox);
    log(`sandbox child pid ${sandbox.pid} at ${sandbox.url}`);

    const probes = new Map<string, { bytes: number; orders: number }>();
    for (const s of scenarios.filter((x) => x.queries.length === 1)) {
      const { page, bytes } = await getPage(sandbox, key, s.queries[0]!);
      probes.set(s.key, { bytes, orders: page.data.length });
    }
    // The baseline serves the exact bytes of the first unfiltered page.
    const { bytes: firstPageBytes, text: firstPageText } = await getPage(sandbox, key, firstPageQuery(''));
    const bodyPath = join(mkdtempSync(join(tmpdir(), 'bench-sandbox-')), 'page.json');
    writeFileSync(bodyPath, firstPageText);

    const bare = await startChild('bare-child.ts', bodyPath);
    children.push(bare);
    const headers = { Authorization: `Bearer ${key}` };
    const origin = new URL(sandbox.url).origin;
    const basePath = new URL(sandbox.url).pathname;
    const bareTarget = { origin: bare.url, paths: ['/'], headers: {}, serverPid: bare.pid };

    const baselines: LoadResult[] = [];
    log(`baseline (before): bare node:http, ${firstPageBytes} bytes`);
    baselines.push(await measure(bareTarget, settings));
    log('baseline: 1 connection');
    const baselineSingle = await measure(bareTarget, singleSettings);
    const loads = new Map<string, LoadResult>();
    const singles = new Map<string, LoadResult>();
    for (const s of scenarios) {
      log(`scenario ${s.key}: ${s.title}`);
      const paths = s.queries.map((q) => `${basePath}/return_orders?${q}`);
      const target = { origin, paths, headers, serverPid: sandbox.pid };
      loads.set(s.key, await measure(target, settings));
      singles.set(s.key, await measure(target, singleSettings));
    }
    log('baseline (after)');
    baselines.push(await measure(bareTarget, settings));
    // Walk pages are probed after their runs, so the probe does not warm the measured pages.
    for (const s of scenarios.filter((x) => x.queries.length > 1)) {
      const { page, bytes } = await getPage(sandbox, key, s.queries[Math.floor(s.queries.length / 2)]!);
      probes.set(s.key, { bytes, orders: page.data.length });
    }

    for (const child of children.splice(0)) await child.stop();
    rmSync(dirname(bodyPath), { recursive: true, force: true });
    if (profileDir) {
      const profile = mainThreadProfile(profileDir, sandbox.pid);
      if (profile) {
        process.stdout.write(`\nCPU profile of the sandbox child: ${profile}\nTop self time:\n`);
        process.stdout.write(topSelfTime(profile, ROOT).join('\n') + '\n\n');
      }
    }

    log('query plans and in-process phase costs');
    const analyses = analyzeScenarios({
      dbPath: dataset.path,
      shopId: SHOP_ID,
      apiKey: key,
      cursorTtlSeconds: CURSOR_TTL_SECONDS,
      scenarios,
      iterations: ANALYSIS_ITERATIONS,
    });

    const shopOrders = (() => {
      const db = new (sqlite().DatabaseSync)(dataset.path, { readOnly: true });
      try {
        const row = db
          .prepare(
            `SELECT count(*) AS n, sum(status NOT IN ('draft', 'cancelled')) AS visible FROM return_orders
             WHERE shop_pk = (SELECT pk FROM shops WHERE id = ?)`,
          )
          .get(SHOP_ID) as unknown as { n: number; visible: number };
        return { text: `${row.n.toLocaleString('en-US')} orders, ${row.visible.toLocaleString('en-US')} of them listable`, sqlite: scalar(db, 'SELECT sqlite_version()') as string };
      } finally {
        db.close();
      }
    })();

    const rows: ScenarioRow[] = scenarios.map((s) => ({
      key: s.key,
      title: s.title,
      example: s.queries[Math.floor(s.queries.length / 2)]!,
      bodyBytes: probes.get(s.key)!.bytes,
      orders: probes.get(s.key)!.orders,
      pages: s.queries.length,
      load: loads.get(s.key)!,
      single: singles.get(s.key)!,
      analysis: analyses.get(s.key),
    }));
    const input = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      nproc: availableParallelism(),
      loadAvg: startLoad,
      node: process.versions.node,
      sqlite: shopOrders.sqlite,
      command: 'npm run bench:sandbox',
      sandboxVersion: version,
      elapsedS: (performance.now() - started) / 1000,
      settings,
      dataset: { orders, shopId: SHOP_ID, shopOrders: shopOrders.text, sizeBytes: dataset.sizeBytes, generateMs: dataset.generateMs },
      baselineBodyBytes: firstPageBytes,
      baselines,
      baselineSingle,
      singleDurationS: singleSettings.durationS,
      rows,
    };
    const section = renderSection(input);
    process.stdout.write(section + '\n');
    if (writeDocs) {
      mkdirSync(dirname(DOC_PATH), { recursive: true });
      let current = '';
      try {
        current = readFileSync(DOC_PATH, 'utf8');
      } catch {
        // No document yet: replaceSection creates it with its intro.
      }
      writeFileSync(DOC_PATH, replaceSection(current, section));
      log(`wrote the section to ${DOC_PATH}`);
    } else {
      log('docs/benchmarks.md not written (--no-docs, --profile, --only or a non-default --orders)');
    }
    const v = verdicts(input);
    log(`targets: ratio ${v.ratioOk ? 'met' : 'MISSED'}, p99 ${v.p99Ok ? 'met' : 'MISSED'}, index use ${v.scansOk ? 'met' : 'MISSED'}, all 200 ${v.errorsOk ? 'yes' : 'NO'}`);
  } finally {
    for (const child of children) await child.stop();
  }
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
