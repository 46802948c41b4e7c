/** The markdown section of docs/benchmarks.md, and replacing just that section. Pure. */
import type { LoadResult, LoadSettings } from './load.js';
import type { ScenarioAnalysis } from './plans.js';
import { DOC_CACHE_CAPACITY } from '../../src/sandbox/db/doc-cache.js';

export const SECTION_TITLE = '## Sandbox at 1,000,000 orders (npm run bench:sandbox)';

export const DOC_INTRO = [
  '# Benchmarks',
  '',
  'Figures are from a shared 2-core machine (other work runs at the same time), so absolute numbers',
  'move between runs; compare them as ratios within one run.',
  '',
].join('\n');

export const TARGET_RATIO = 0.5;
export const TARGET_P99_MS = 10;

export interface ScenarioRow {
  readonly key: string;
  readonly title: string;
  /** First request's query string, as sent (without the base path). */
  readonly example: string;
  readonly bodyBytes: number;
  /** Orders on the probed page. */
  readonly orders: number;
  /** Distinct pages requested (1, or the length of a walk). */
  readonly pages: number;
  /** The throughput run (settings.connections connections). */
  readonly load: LoadResult;
  /** The same requests from one connection: a single client's latency, what the p99 target is judged on. */
  readonly single?: LoadResult;
  readonly analysis?: ScenarioAnalysis;
}

export interface ReportInput {
  /** The section's heading line (default SECTION_TITLE). */
  readonly title?: string;
  readonly date: string;
  readonly nproc: number;
  readonly loadAvg: readonly number[];
  readonly node: string;
  readonly sqlite: string;
  readonly command: string;
  /** Which sandbox code was measured (last commit of src/sandbox, dirty or not). */
  readonly sandboxVersion: string;
  /** Wall time of the whole run so far, seconds. */
  readonly elapsedS: number;
  readonly settings: LoadSettings;
  readonly dataset: {
    readonly orders: number;
    readonly shopId: string;
    readonly shopOrders: string;
    readonly sizeBytes: number;
    readonly generateMs: number | null;
  };
  readonly baselineBodyBytes: number;
  readonly baselines: readonly LoadResult[];
  /** The bare server from one connection (latency floor of a single client). */
  readonly baselineSingle?: LoadResult;
  /** Measured seconds of each one-connection run. */
  readonly singleDurationS?: number;
  readonly rows: readonly ScenarioRow[];
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`;
const cpu = (n: number | null) => (n === null ? 'n/a' : `${Math.round(n * 100)}%`);
/** Server CPU milliseconds per answered request: the figure least moved by other load on the machine. */
const cpuPerRequest = (l: LoadResult) => (l.serverCpu === null || l.rps === 0 ? 'n/a' : (l.serverCpu / l.rps * 1000).toFixed(3));

/** Baseline requests/s: the mean of the runs before and after the scenarios. */
export function baselineRps(baselines: readonly LoadResult[]): number {
  return baselines.reduce((s, b) => s + b.rps, 0) / baselines.length;
}

/**
 * The p99 the target is judged on: one connection's (a single client waiting for its page),
 * or the throughput run's when no one-connection run was made.
 */
export const judgedP99 = (r: ScenarioRow): number => (r.single ?? r.load).p99Ms;

/** Verdicts against the issue's targets; `filtered` = every scenario except "no filter". */
export function verdicts(input: ReportInput): { ratioOk: boolean; p99Ok: boolean; scansOk: boolean; errorsOk: boolean } {
  const base = baselineRps(input.baselines);
  return {
    ratioOk: input.rows.every((r) => r.load.rps / base >= TARGET_RATIO),
    p99Ok: input.rows.filter((r) => r.key !== 'a').every((r) => judgedP99(r) < TARGET_P99_MS),
    scansOk: input.rows.every((r) => (r.analysis?.fullScans.length ?? 0) === 0),
    errorsOk: input.rows.every((r) => r.load.non2xx === 0 && r.load.errors === 0 && r.load.timeouts === 0),
  };
}

/** Renders the section (heading included, ending with a newline). */
export function renderSection(input: ReportInput): string {
  const base = baselineRps(input.baselines);
  const v = verdicts(input);
  const s = input.settings;
  const hasSingle = input.rows.some((r) => r.single);
  const single = (r: ScenarioRow) => (r.single ? ` ${f2(r.single.p50Ms)} | ${f2(r.single.p99Ms)} |` : ' n/a | n/a |');
  const bs = input.baselineSingle;
  const lines: string[] = [
    input.title ?? SECTION_TITLE,
    '',
    `Run on ${input.date}: ${input.nproc} cores (shared; load average ${input.loadAvg.map(f1).join(' / ')} at the start),`,
    `Node ${input.node}, SQLite ${input.sqlite}. Reproduce with \`${input.command}\`; this run took ${Math.round(input.elapsedS)} s` +
      (input.dataset.generateMs === null
        ? ' with the database reused from `bench/.cache/`.'
        : `, of which ${Math.round(input.dataset.generateMs / 1000)} s generating the database (later runs reuse it from \`bench/.cache/\`).`),
    '',
    `- Data: ${f0(input.dataset.orders)} return orders from the sandbox's own demo generator`,
    `  (\`generateDemoData\`, fixed seed and end time), a ${mib(input.dataset.sizeBytes)} SQLite file.`,
    `  Requests use the key of the largest shop, \`${input.dataset.shopId}\` (${input.dataset.shopOrders}).`,
    `- Server: \`startSandbox\` (src/sandbox at ${input.sandboxVersion}) in a child process on 127.0.0.1,`,
    '  port 0, rate limit 0, quiet, WAL file database.',
    `- Load: autocannon (programmatic API) in the parent process, ${s.connections} connections, pipelining 1,`,
    `  ${s.warmupS} s unmeasured warm-up then ${s.durationS} s measured per scenario. Latencies are recorded per`,
    '  response at sub-millisecond resolution (autocannon\'s own histogram keeps whole milliseconds).',
    `  Load generator and server share the ${input.nproc} cores; nothing is pinned. CPU columns: CPU seconds per`,
    '  second of the server child and of the load generator (100% = one core); a server below 100% was',
    '  waiting for the load generator or for a core taken by other work. Server CPU ms/request is the',
    '  figure least moved by other load on the machine.',
    ...(hasSingle
      ? [
          `- Latency of one client: right after each throughput run, the same requests from 1 connection for`,
          `  ${input.singleDurationS ?? s.durationS} s (columns "1 conn"). With ${s.connections} connections every request also waits for the others`,
          '  queued on the same event loop (Little\'s law), so those p50/p99 columns measure queueing under load.',
        ]
      : []),
    `- Baseline: a bare \`node:http\` server in a child process answering every request with one pre-built`,
    `  JSON body of ${f0(input.baselineBodyBytes)} bytes (the first page of scenario a, 100 orders), same headers,`,
    `  measured with the same settings before and after the scenarios: ${input.baselines.map((b) => f0(b.rps)).join(' and ')} requests/s`,
    `  (mean ${f0(base)}), p50 ${input.baselines.map((b) => f2(b.p50Ms)).join(' / ')} ms, p99 ${input.baselines.map((b) => f2(b.p99Ms)).join(' / ')} ms,`,
    `  server CPU ${input.baselines.map((b) => cpu(b.serverCpu)).join(' / ')} (${input.baselines.map(cpuPerRequest).join(' / ')} ms per request), load generator CPU ${input.baselines.map((b) => cpu(b.loadgenCpu)).join(' / ')}` +
      (bs ? `;\n  from 1 connection: ${f0(bs.rps)} requests/s, p50 ${f2(bs.p50Ms)} ms, p99 ${f2(bs.p99Ms)} ms.` : '.'),
    '',
    `Which figure each target is judged on: the throughput ratio on the ${s.connections}-connection run (requests/s against the`,
    `baseline's mean); the p99 on the 1-connection run ("p99 ms, 1 conn": one client's wait for a filtered page).`,
    `The ${s.connections}-connection p50/p99 stay in the table as the latency under that load.`,
    '',
    `| scenario (limit=100) | requests/s (${s.connections} conn) | ratio to baseline | p50 ms, 1 conn | p99 ms, 1 conn | p50 ms, ${s.connections} conn | p99 ms, ${s.connections} conn | max ms, ${s.connections} conn | body bytes | bytes/response | server CPU | server CPU ms/request | loadgen CPU |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...input.rows.map(
      (r) =>
        `| ${r.key}. ${r.title} | ${f0(r.load.rps)} | ${f2(r.load.rps / base)} |${single(r)} ${f2(r.load.p50Ms)} | ${f2(r.load.p99Ms)} | ${f1(r.load.maxMs)} | ${f0(r.bodyBytes)} (${r.orders} orders) | ${f0(r.load.bytesPerResponse)} | ${cpu(r.load.serverCpu)} | ${cpuPerRequest(r.load)} | ${cpu(r.load.loadgenCpu)} |`,
    ),
    '',
    `Targets: throughput at least ${TARGET_RATIO} of the baseline: **${v.ratioOk ? 'met' : 'missed'}**${missedBy(input.rows, (r) => r.load.rps / base >= TARGET_RATIO)};`,
    `p99 under ${TARGET_P99_MS} ms for filtered pages (every scenario but a${hasSingle ? ', 1 connection' : ''}): **${v.p99Ok ? 'met' : 'missed'}**${missedBy(input.rows.filter((r) => r.key !== 'a'), (r) => judgedP99(r) < TARGET_P99_MS)};`,
    `no full table scan in any statement a request runs: **${v.scansOk ? 'met' : 'missed'}**;`,
    `every measured response a 200: **${v.errorsOk ? 'yes' : 'no'}**` +
      (v.errorsOk ? '.' : ` (${input.rows.map((r) => `${r.key}: ${r.load.non2xx} non-2xx, ${r.load.errors} errors, ${r.load.timeouts} timeouts`).join('; ')}).`),
    '',
  ];
  lines.push(...findings(input), '');
  if (input.rows.some((r) => r.analysis)) {
    lines.push(
      '### Where a page\'s time goes (in-process, no HTTP)',
      '',
      'Median microseconds per page, measured in the benchmark process after the load runs, by calling the',
      'sandbox\'s own list handler (`listReturnOrders`) with real services, inside one read snapshot as the',
      'server runs a GET (`db/snapshot.ts`): once through a fresh `OrderStore`',
      '("first": statements just prepared, the page not read before in the loop) and once for a page it',
      'has just served twice ("repeated"). "First" reads the orders\' stored JSON (`order_docs`, one row per order) by',
      'id; "repeated" finds them in the store\'s in-memory cache (which takes an order on its second read;',
      'bounded, least recently used out).',
      'The id query (`OrderLister.listIds`) and the page body (`OrderStore.pageDocs`) are timed inside the',
      'handler; the rest of the handler is the parameter and cursor checks, next_cursor and the envelope.',
      '',
      '| scenario | handler, first µs | of which page body µs | handler, repeated µs | of which page body µs | of which id query µs |',
      '|---|---:|---:|---:|---:|---:|',
      ...input.rows
        .filter((r) => r.analysis)
        .map((r) => {
          const c = r.analysis!.cost;
          return `| ${r.key} | ${f0(c.handlerColdUs)} | ${f0(c.pageColdUs)} | ${f0(c.handlerWarmUs)} | ${f0(c.pageWarmUs)} | ${f0(c.listIdsUs)} |`;
        }),
      '',
      '### Query plans',
      '',
      'Every statement one request runs, recorded from the sandbox\'s own prepared statements with their',
      'real bindings (the middle page for the cursor walk) and explained with `EXPLAIN QUERY PLAN`.',
      'A line `SCAN <table or alias>` without `USING ... INDEX` would be a full table scan (none is accepted).',
      'Each GET also runs `BEGIN DEFERRED`, `PRAGMA data_version` and `COMMIT` around these (its read snapshot).',
      '',
    );
    for (const r of input.rows) {
      if (!r.analysis) continue;
      lines.push(`#### ${r.key}. ${r.title}`, '', `Request: \`GET /public-api/v1/return_orders?${shorten(r.example)}\``, '');
      if (r.analysis.fullScans.length) lines.push(`**Full scan:** ${r.analysis.fullScans.join('; ')}`, '');
      lines.push('```');
      for (const st of r.analysis.statements) {
        lines.push(`-- ${st.step}: ${st.sql}`, ...st.plan, '');
      }
      if (lines[lines.length - 1] === '') lines.pop();
      lines.push('```', '');
    }
  }
  return lines.join('\n');
}

/** What the figures say, computed from them (no fixed claims). */
function findings(input: ReportInput): string[] {
  const base = baselineRps(input.baselines);
  const out = ['What the figures show:', ''];
  const full = input.rows.filter((r) => r.orders >= 100 && r.analysis);
  if (full.length) {
    const costs = full.map((r) => r.analysis!.cost);
    const coldShare = costs.map((c) => c.pageColdUs / c.handlerColdUs);
    const listShare = costs.map((c) => c.listIdsUs / c.handlerWarmUs);
    out.push(
      `- Reading the orders' stored JSON is ${pct(Math.min(...coldShare))} to`,
      `  ${pct(Math.max(...coldShare))} of the handler time of a page read first (100-order pages, ${f0(Math.min(...costs.map((c) => c.handlerColdUs)))} to`,
      `  ${f0(Math.max(...costs.map((c) => c.handlerColdUs)))} µs). Repeated, the handler takes ${f0(Math.min(...costs.map((c) => c.handlerWarmUs)))} to ${f0(Math.max(...costs.map((c) => c.handlerWarmUs)))} µs, of which the id`,
      `  query is ${pct(Math.min(...listShare))} to ${pct(Math.max(...listShare))}; the id queries are index seeks (plans below).`,
    );
  }
  const walkF = input.rows.find((r) => r.key === 'f');
  const walkG = input.rows.find((r) => r.key === 'g');
  if (walkF && walkG && walkF.load.serverCpu !== null && walkG.load.serverCpu !== null) {
    out.push(
      `- Scenarios a to f repeat pages (f cycles through ${walkF.pages}); g hands out ${f0(walkG.pages)} pages (${f0(walkG.pages * 100)} orders)`,
      `  in turn, so every request reads its orders from SQLite: ${cpuPerRequest(walkG.load)} ms of server CPU per request against ${cpuPerRequest(walkF.load)} ms for f.`,
      `  The in-memory order cache holds ${f0(DOC_CACHE_CAPACITY)} orders and g cycles through ${f0(walkG.pages * 100)}, so none of g's pages`,
      '  is ever in it; as the cache takes an order on its second read within its reach, g\'s orders are served as read',
      '  and never copied into it (nor do they push out the pages of a to f).',
    );
  }
  const small = input.rows.find((r) => r.orders < 10);
  if (small) {
    out.push(
      `- The fixed cost per request (HTTP, authentication, parameter checks, cursor): scenario ${small.key}, the same`,
      `  pipeline with ${small.orders} orders per page, takes ${cpuPerRequest(small.load)} ms of server CPU per request (the bare server:`,
      `  ${input.baselines.map(cpuPerRequest).join(' / ')} ms) and reaches ${f2(small.load.rps / base)} of the baseline.`,
    );
  }
  const needMs = 1000 / (TARGET_RATIO * base);
  const budget = input.rows.filter((r) => r.load.serverCpu !== null && r.load.rps > 0);
  if (budget.length && input.baselines.every((x) => x.serverCpu !== null)) {
    const perRequest = (share: number, rps: number) => (share / rps) * 1000;
    const loadgenMs = (l: LoadResult) => perRequest(l.loadgenCpu, l.rps);
    out.push(
      `- What the ratio target asks of the CPU: ${TARGET_RATIO} of the baseline is ${f0(TARGET_RATIO * base)} requests/s, so the sandbox's one`,
      `  event loop may spend at most ${needMs.toFixed(3)} ms of CPU per request, and the load generator's CPU per request`,
      `  comes on top on the same ${input.nproc} cores (the baseline: server ${input.baselines.map(cpuPerRequest).join(' / ')} ms, load generator`,
      `  ${input.baselines.map((b) => loadgenMs(b).toFixed(3)).join(' / ')} ms per request). Server + load generator CPU ms per request here: ` +
        budget.map((r) => `${r.key} ${cpuPerRequest(r.load)} + ${loadgenMs(r.load).toFixed(3)}`).join(', ') + '.',
    );
  }
  const c = input.settings.connections;
  out.push(
    `- At ${c} connections latency follows throughput: the requests queue behind each other on one event loop,`,
    `  so the mean latency is about ${c} / (requests/s) (Little's law); a p99 under ${TARGET_P99_MS} ms there would need well`,
    `  over ${f0(c / (TARGET_P99_MS / 1000))} requests/s. One client's latency is the 1-connection columns.`,
  );
  const b = input.baselines;
  if (b.every((x) => x.serverCpu !== null)) {
    const serverCpu = b.reduce((sum, x) => sum + x.serverCpu!, 0) / b.length;
    const loadgenCpu = b.reduce((sum, x) => sum + x.loadgenCpu, 0) / b.length;
    if (loadgenCpu > serverCpu) {
      out.push(
        `- The baseline is bounded by the load generator here (its CPU ${cpu(loadgenCpu)} against the bare`,
        `  server's ${cpu(serverCpu)}), so the bare server could go faster; the ratios are upper bounds.`,
      );
    }
  }
  return out;
}

/** ` (missed by b, c)` for the rows failing `ok`, or nothing. */
function missedBy(rows: readonly ScenarioRow[], ok: (row: ScenarioRow) => boolean): string {
  const missed = rows.filter((r) => !ok(r)).map((r) => r.key);
  return missed.length ? ` (missed by ${missed.join(', ')})` : '';
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** Cursor tokens are long and opaque; keep the start and the end. */
function shorten(query: string): string {
  return query.replace(/(cursor=)([A-Za-z0-9_.%-]{24,})/, (_m, k: string, v: string) => `${k}${v.slice(0, 12)}…${v.slice(-6)}`);
}

/**
 * Replaces this benchmark's section (the one headed `title`) in the document, up to the
 * next `## ` heading, or appends it; creates the document with its intro when it is empty.
 */
export function replaceSection(document: string, section: string, title = SECTION_TITLE): string {
  const body = section.endsWith('\n') ? section : section + '\n';
  if (document.trim() === '') return `${DOC_INTRO}\n${body}`;
  const lines = document.split('\n');
  const start = lines.findIndex((l) => l.trim() === title);
  if (start === -1) return document.replace(/\n*$/, '\n\n') + body;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n');
  const after = lines.slice(end).join('\n');
  return (before ? before.replace(/\n*$/, '\n\n') : '') + body + (after ? '\n' + after : '');
}
