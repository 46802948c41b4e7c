import { describe, expect, it } from 'vitest';
import { baselineSectionTitle, renderComparison } from './compare-report.js';
import type { LoadResult } from './load.js';
import { replaceSection, SECTION_TITLE, type ReportInput } from './report.js';

const load = (rps: number, p99Ms: number, serverCpu: number | null = 0.9): LoadResult => ({
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
  serverCpu,
  loadgenCpu: 0.2,
});

function input(sqlite: string, floor: number, rps: number, p99Ms: number): ReportInput {
  return {
    date: '2026-01-01 00:00 UTC',
    nproc: 2,
    loadAvg: [3, 2, 1],
    node: '22.23.3',
    sqlite,
    command: 'npm run bench:sandbox -- --baseline-ref cdb466b',
    sandboxVersion: 'abc1234',
    elapsedS: 300,
    settings: { connections: 10, durationS: 10, warmupS: 2 },
    dataset: { orders: 1_000_000, shopId: 'shop_a', shopOrders: '450,000 orders', sizeBytes: 1 << 28, generateMs: null },
    baselineBodyBytes: 60_000,
    baselines: [load(floor, 5), load(floor, 5)],
    rows: [{ key: 'b', title: 'statuses', example: 'statuses=pending', bodyBytes: 60_000, orders: 100, pages: 1, load: load(rps, 20), single: load(rps / 2, p99Ms) }],
  };
}

const tree = { ref: 'cdb466b', commit: 'cdb466b', root: '/x', store: 'better-sqlite3 12.6.2', sqlite: '3.53.2' };

describe('the comparison with the previous store', () => {
  it('puts each store next to its own floor, with CPU per request and the previous store in full', () => {
    const text = renderComparison(input('3.51.3', 4000, 2000, 3), input('3.53.2', 5000, 3000, 4), tree);
    expect(text.startsWith(baselineSectionTitle() + '\n')).toBe(true);
    // Ratios against each store's own floor: 2000 / 4000 and 3000 / 5000.
    expect(text).toContain('| b. statuses | 2,000 (0.50) | 3,000 (0.60) | 3.00 | 4.00 | 0.450 | 0.300 | 1.50 |');
    expect(text).toContain('SQLite 3.51.3');
    expect(text).toContain('better-sqlite3 12.6.2, SQLite 3.53.2');
    expect(text).toContain('### The previous store (cdb466b, better-sqlite3 12.6.2) in full');
    // Columns are named by tree, so two node:sqlite stores stay apart.
    expect(text).toContain('| current: requests/s (ratio to floor) | cdb466b (better-sqlite3 12.6.2): requests/s (ratio to floor) |');
  });

  it('is replaced in the document on its own, leaving the main section alone', () => {
    const main = `${SECTION_TITLE}\n\nmain figures\n`;
    const first = replaceSection(replaceSection('', main), `${baselineSectionTitle()}\n\nold\n### The previous store\n\nx\n`, baselineSectionTitle());
    const second = replaceSection(first, `${baselineSectionTitle()}\n\nnew\n`, baselineSectionTitle());
    expect(second).toContain('main figures');
    expect(second).toContain('new');
    expect(second).not.toContain('old');
    expect(second).not.toContain('### The previous store');
  });
});
