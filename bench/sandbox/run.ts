/**
 * `npm run bench:sandbox`: the sandbox's list endpoint at 1,000,000 orders against a bare
 * node:http baseline, in one run. See docs/benchmarks.md for the figures and settings.
 *
 * Options (after `npm run bench:sandbox --`): --orders N (default 1000000), --duration S
 * (10), --warmup S (2), --connections N (10; each scenario is also run from 1 connection for
 * half the duration, for a single client's latency), --cursors N (pages of walk f, 200),
 * --long-walk N (pages of walk g, 2000), --only a,d (just these scenarios; implies --no-docs),
 * --no-docs (print only), --profile (CPU profile of the sandbox child, printed as a summary;
 * implies --no-docs), --baseline-ref REF (also measure the sandbox of commit REF, e.g. the
 * better-sqlite3 store of cdb466b, from a worktree in .tmp/; see baseline-ref.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareBaselineTree, type BaselineTree } from './baseline-ref.js';
import { startChild, type ServerChild } from './child-process.js';
import { CACHE_DIR, DATASET_END_AT, ensureDataset } from './dataset.js';
import type { LoadSettings } from './load.js';
import { getPage, measureStore, type StoreMeasurement } from './measure-store.js';
import { analyzeScenarios } from './plans.js';
import { scalar, sqlite } from '../../src/sandbox/db/sqlite.js';
import { topSelfTime } from './profile-summary.js';
import { baselineSectionTitle, renderComparison } from './compare-report.js';
import { renderSection, replaceSection, verdicts, type ReportInput, type ScenarioRow } from './report.js';
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
    'baseline-ref': { type: 'string' },
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
  // First: installing a baseline builds native dependencies, which the measurements must not overlap.
  const baselineTree = args['baseline-ref'] ? prepareBaselineTree(ROOT, args['baseline-ref'], log) : null;
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

    const run = { dbPath: dataset.path, key, scenarios, settings, singleSettings, log };
    const current = await measureStore({ ...run, profileDir });
    if (profileDir) {
      const profile = mainThreadProfile(profileDir, current.sandboxPid);
      if (profile) {
        process.stdout.write(`\nCPU profile of the sandbox child: ${profile}\nTop self time:\n`);
        process.stdout.write(topSelfTime(profile, ROOT).join('\n') + '\n\n');
      }
    }
    let previous: StoreMeasurement | null = null;
    if (baselineTree) {
      log(`the previous store: src/sandbox at ${baselineTree.commit} (${baselineTree.store})`);
      previous = await measureStore({ ...run, root: baselineTree.root });
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

    const rowsOf = (m: StoreMeasurement, withAnalysis: boolean): ScenarioRow[] =>
      scenarios.map((s) => ({
        key: s.key,
        title: s.title,
        example: s.queries[Math.floor(s.queries.length / 2)]!,
        bodyBytes: m.probes.get(s.key)!.bytes,
        orders: m.probes.get(s.key)!.orders,
        pages: s.queries.length,
        load: m.loads.get(s.key)!,
        single: m.singles.get(s.key)!,
        analysis: withAnalysis ? analyses.get(s.key) : undefined,
      }));
    const inputOf = (m: StoreMeasurement, store: { sqlite: string; version: string; withAnalysis: boolean }): ReportInput => ({
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      nproc: availableParallelism(),
      loadAvg: startLoad,
      node: process.versions.node,
      sqlite: store.sqlite,
      command: baselineTree ? `npm run bench:sandbox -- --baseline-ref ${baselineTree.ref}` : 'npm run bench:sandbox',
      sandboxVersion: store.version,
      elapsedS: (performance.now() - started) / 1000,
      settings,
      dataset: { orders, shopId: SHOP_ID, shopOrders: shopOrders.text, sizeBytes: dataset.sizeBytes, generateMs: dataset.generateMs },
      baselineBodyBytes: m.baselineBodyBytes,
      baselines: m.baselines,
      baselineSingle: m.baselineSingle,
      singleDurationS: singleSettings.durationS,
      rows: rowsOf(m, store.withAnalysis),
    });
    const input = inputOf(current, { sqlite: shopOrders.sqlite, version: `${version}, node:sqlite`, withAnalysis: true });
    const sections = [renderSection(input)];
    const previousInput = previous && baselineTree ? inputOf(previous, previousStore(baselineTree)) : null;
    if (previousInput && baselineTree) sections.push(renderComparison(input, previousInput, baselineTree));
    for (const section of sections) process.stdout.write(section + '\n');
    if (writeDocs) {
      mkdirSync(dirname(DOC_PATH), { recursive: true });
      let doc = '';
      try {
        doc = readFileSync(DOC_PATH, 'utf8');
      } catch {
        // No document yet: replaceSection creates it with its intro.
      }
      doc = replaceSection(doc, sections[0]!);
      if (sections[1]) doc = replaceSection(doc, sections[1], baselineSectionTitle());
      writeFileSync(DOC_PATH, doc);
      log(`wrote ${sections.length === 1 ? 'the section' : 'both sections'} to ${DOC_PATH}`);
    } else {
      log('docs/benchmarks.md not written (--no-docs, --profile, --only or a non-default --orders)');
    }
    for (const [name, i] of [['current', input], ['previous', previousInput]] as const) {
      if (!i) continue;
      const v = verdicts(i);
      log(`targets (${name}): ratio ${v.ratioOk ? 'met' : 'MISSED'}, p99 ${v.p99Ok ? 'met' : 'MISSED'}, index use ${v.scansOk ? 'met' : 'MISSED'}, all 200 ${v.errorsOk ? 'yes' : 'NO'}`);
    }
  } finally {
    for (const child of children) await child.stop();
  }
}

/** How the previous store is named in its report. */
function previousStore(tree: BaselineTree): { sqlite: string; version: string; withAnalysis: boolean } {
  return { sqlite: tree.sqlite, version: `${tree.commit}, ${tree.store}, run from a git worktree in .tmp/`, withAnalysis: false };
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
