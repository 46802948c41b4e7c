/**
 * The section comparing the current store with a previous one measured in the same run
 * (`--baseline-ref`): one table of both, each against its own bare-server floor, then the
 * previous store's full figures. Pure.
 */
import type { BaselineTree } from './baseline-ref.js';
import type { LoadResult } from './load.js';
import { baselineRps, renderSection, type ReportInput } from './report.js';

/** The heading of the comparison section (found again by replaceSection). */
export function baselineSectionTitle(): string {
  return '## Sandbox store against the previous one (npm run bench:sandbox -- --baseline-ref REF)';
}

const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const f2 = (n: number) => n.toFixed(2);
const cpuMs = (l: LoadResult) => (l.serverCpu === null || l.rps === 0 ? null : (l.serverCpu / l.rps) * 1000);
const ms3 = (n: number | null) => (n === null ? 'n/a' : n.toFixed(3));

/** Renders the comparison (heading included, ending with a newline). */
export function renderComparison(current: ReportInput, previous: ReportInput, tree: BaselineTree): string {
  const floorNow = baselineRps(current.baselines);
  const floorBefore = baselineRps(previous.baselines);
  const prev = `${tree.commit} (${tree.store})`;
  const rows = current.rows.map((r) => {
    const p = previous.rows.find((x) => x.key === r.key)!;
    const [cNow, cBefore] = [cpuMs(r.load), cpuMs(p.load)];
    return (
      `| ${r.key}. ${r.title} | ${f0(r.load.rps)} (${f2(r.load.rps / floorNow)}) | ${f0(p.load.rps)} (${f2(p.load.rps / floorBefore)}) |` +
      ` ${f2((r.single ?? r.load).p99Ms)} | ${f2((p.single ?? p.load).p99Ms)} | ${ms3(cNow)} | ${ms3(cBefore)} |` +
      ` ${cNow !== null && cBefore !== null ? f2(cNow / cBefore) : 'n/a'} |`
    );
  });
  const lines = [
    baselineSectionTitle(),
    '',
    `Run on ${current.date} with \`${current.command}\` (Node ${current.node}; load average ${current.loadAvg.map((n) => n.toFixed(1)).join(' / ')} at the start,`,
    'other work running on the machine at the same time). Both stores served the same database file, one after',
    'the other, each with the same scenarios and each with its own bare `node:http` floor measured just before and',
    `after it: the current store (node:sqlite, SQLite ${current.sqlite}; the section above) and the previous one,`,
    `src/sandbox at ${tree.commit} (${tree.store}, SQLite ${previous.sqlite}), checked out from \`${tree.ref}\` into`,
    '`.tmp/` and installed with `npm ci` under the same Node. Compare the ratios (each store against its own floor)',
    'and the server CPU per request, not requests/s across the two: the load on the machine changed between them.',
    '',
    `Floors: ${current.baselines.map((b) => f0(b.rps)).join(' and ')} requests/s (mean ${f0(floorNow)}) around the current store,`,
    `${previous.baselines.map((b) => f0(b.rps)).join(' and ')} (mean ${f0(floorBefore)}) around the previous one.`,
    '',
    // Columns named by tree, not by store: both may be node:sqlite.
    `| scenario (limit=100) | current: requests/s (ratio to floor) | ${prev}: requests/s (ratio to floor) | current: p99 ms, 1 conn | ${prev}: p99 ms, 1 conn | current: server CPU ms/request | ${prev}: server CPU ms/request | CPU per request, current / previous |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    renderSection({ ...previous, title: `### The previous store (${tree.commit}, ${tree.store}) in full` }).trimEnd(),
    '',
  ];
  return lines.join('\n');
}
