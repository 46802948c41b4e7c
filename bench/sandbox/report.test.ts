import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load.js';
import { renderSection, replaceSection, SECTION_TITLE, verdicts, type ReportInput } from './report.js';

const OTHER = '## Bulk receives (npm run bench:bulk)\n\nbulk figures\n';

describe('replaceSection', () => {
  it('creates the document with its intro when there is none', () => {
    const doc = replaceSection('', `${SECTION_TITLE}\n\nmine\n`);
    expect(doc.startsWith('# Benchmarks\n')).toBe(true);
    expect(doc).toContain('shared 2-core machine');
    expect(doc.endsWith(`${SECTION_TITLE}\n\nmine\n`)).toBe(true);
  });

  it('appends the section after other sections and keeps them', () => {
    const doc = replaceSection(`# Benchmarks\n\n${OTHER}`, `${SECTION_TITLE}\n\nmine\n`);
    expect(doc).toBe(`# Benchmarks\n\n${OTHER}\n${SECTION_TITLE}\n\nmine\n`);
  });

  it('replaces only its own section, up to the next level-2 heading', () => {
    const before = `# Benchmarks\n\n${SECTION_TITLE}\n\nold\n\n### plans\n\n#### a\n\nold plan\n\n${OTHER}`;
    const doc = replaceSection(before, `${SECTION_TITLE}\n\nnew\n`);
    expect(doc).toBe(`# Benchmarks\n\n${SECTION_TITLE}\n\nnew\n\n${OTHER}`);
  });

  it('is stable when run twice', () => {
    const once = replaceSection(`# Benchmarks\n\n${OTHER}`, `${SECTION_TITLE}\n\nmine\n`);
    expect(replaceSection(once, `${SECTION_TITLE}\n\nmine\n`)).toBe(once);
  });
});

const load = (rps: number, p99Ms: number, extra: Partial<LoadResult> = {}): LoadResult => ({
  requests: rps * 10,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  elapsedS: 10,
  rps,
  p50Ms: p99Ms / 2,
  p99Ms,
  maxMs: p99Ms * 2,
  bytesPerResponse: 60_000,
  serverCpu: 0.9,
  loadgenCpu: 0.2,
  ...extra,
});

function input(rows: ReportInput['rows']): ReportInput {
  return {
    date: '2026-01-01 00:00 UTC',
    nproc: 2,
    loadAvg: [1, 1, 1],
    node: '20.20.2',
    sqlite: '3.53.2',
    command: 'npm run bench:sandbox',
    sandboxVersion: 'abc1234',
    elapsedS: 150,
    settings: { connections: 10, durationS: 10, warmupS: 2 },
    dataset: { orders: 1_000_000, shopId: 'shop_a', shopOrders: '450,000 orders', sizeBytes: 1 << 28, generateMs: null },
    baselineBodyBytes: 60_000,
    baselines: [load(1000, 5), load(1200, 5)],
    rows,
  };
}

describe('verdicts and rendering', () => {
  it('judges the ratio against the mean of both baselines and p99 on filtered pages only', () => {
    const rows = [
      { key: 'a', title: 'no filter', example: 'limit=100', bodyBytes: 60_000, orders: 100, pages: 1, load: load(600, 50) },
      { key: 'b', title: 'statuses', example: 'limit=100&statuses=pending', bodyBytes: 60_000, orders: 100, pages: 1, load: load(560, 9) },
    ];
    expect(verdicts(input(rows))).toEqual({ ratioOk: true, p99Ok: true, scansOk: true, errorsOk: true });
    const slow = [rows[0]!, { ...rows[1]!, load: load(500, 12) }];
    expect(verdicts(input(slow))).toMatchObject({ ratioOk: false, p99Ok: false });
    const text = renderSection(input(slow));
    expect(text).toContain('throughput at least 0.5 of the baseline: **missed** (missed by b);');
    expect(text).toContain('(every scenario but a): **missed** (missed by b);');
  });

  it('states the CPU per request the ratio target allows and what server and load generator spent', () => {
    const rows = [{ key: 'a', title: 'no filter', example: 'limit=100', bodyBytes: 60_000, orders: 100, pages: 1, load: load(600, 50) }];
    const text = renderSection(input(rows));
    // Baseline mean 1,100/s: half is 550/s, so at most 1000 / 550 = 1.818 ms per request.
    expect(text).toContain('0.5 of the baseline is 550 requests/s');
    expect(text).toContain('at most 1.818 ms of CPU per request');
    // 0.9 and 0.2 CPU at 600/s: 1.5 and 0.333 ms per request.
    expect(text).toContain('Server + load generator CPU ms per request here: a 1.500 + 0.333.');
  });

  it('judges p99 on the one-connection run when there is one, and shows both latencies', () => {
    const rows = [
      { key: 'a', title: 'no filter', example: 'limit=100', bodyBytes: 60_000, orders: 100, pages: 1, load: load(600, 50) },
      { key: 'b', title: 'statuses', example: 'limit=100', bodyBytes: 60_000, orders: 100, pages: 1, load: load(600, 15), single: load(900, 3) },
    ];
    expect(verdicts(input(rows))).toMatchObject({ ratioOk: true, p99Ok: true });
    const text = renderSection(input(rows));
    expect(text).toContain('| b. statuses | 600 | 0.55 | 1.50 | 3.00 | 7.50 | 15.00 |');
    expect(text).toContain('(every scenario but a, 1 connection): **met**;');
    expect(text).toContain('the p99 on the 1-connection run');
    const slow = [rows[0]!, { ...rows[1]!, single: load(300, 11) }];
    expect(verdicts(input(slow))).toMatchObject({ p99Ok: false });
  });

  it('renders the table, the baseline and a full scan when a plan shows one', () => {
    const analysis = {
      statements: [{ step: 'list ids', sql: 'SELECT id FROM return_orders', plan: ['SCAN return_orders'] }],
      fullScans: ['list ids: SCAN return_orders'],
      cost: { handlerWarmUs: 40, handlerColdUs: 100, listIdsUs: 20, pageWarmUs: 5, pageColdUs: 60, bodyBytes: 60_000 },
    };
    const text = renderSection(
      input([{ key: 'b', title: 'statuses', example: 'limit=100', bodyBytes: 60_000, orders: 100, pages: 1, load: load(550, 8), analysis }]),
    );
    expect(text.startsWith(SECTION_TITLE + '\n')).toBe(true);
    expect(text).toContain('| b. statuses | 550 | 0.50 |');
    expect(text).toContain('1,000 and 1,200 requests/s');
    expect(text).toContain('**Full scan:** list ids: SCAN return_orders');
    expect(text).toContain('no full table scan in any statement a request runs: **missed**');
    expect(text).toContain('throughput at least 0.5 of the baseline: **met**;');
    expect(text).toContain('p99 under 10 ms for filtered pages (every scenario but a): **met**;');
    expect(text).toContain('| b | 100 | 60 | 40 | 5 | 20 |');
    expect(text).toMatch(/stored JSON is 60% to\n {2}60% of the handler time of a page read first/);
    expect(text).toMatch(/of which the id\n {2}query is 50% to 50%/);
    expect(text.split('\n').filter((l) => /^## /.test(l))).toHaveLength(1);
  });
});
