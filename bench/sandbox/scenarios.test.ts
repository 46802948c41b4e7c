import { describe, expect, it } from 'vitest';
import { percentile } from './load.js';
import { isFullScan } from './plans.js';
import { buildScenarios, PAGE_LIMIT, weekWindow } from './scenarios.js';

const END = Date.parse('2026-06-01T00:00:00Z');

describe('buildScenarios', () => {
  const scenarios = buildScenarios(END, ['#AO1', '#AO2', '#AO3'], ['c1', 'c2'], ['l1', 'l2', 'l3']);
  const params = (q: string) => new URLSearchParams(q);

  it('asks for pages of 100 in every scenario', () => {
    for (const s of scenarios) for (const q of s.queries) expect(params(q).get('limit')).toBe(String(PAGE_LIMIT));
    expect(scenarios.map((s) => s.key)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('sends the filters as the sandbox reads them (names with # encoded)', () => {
    const [, b, c, d, e] = scenarios;
    expect(params(b!.queries[0]!).get('statuses')).toBe('pending,reviewed');
    expect(params(c!.queries[0]!).get('submitted_at_min')).toBe('2026-04-25T00:00:00Z');
    expect(params(c!.queries[0]!).get('submitted_at_max')).toBe('2026-05-01T23:59:59Z');
    expect(d!.queries[0]).toContain('%23AO1');
    expect(params(d!.queries[0]!).get('order_names')).toBe('#AO1,#AO2,#AO3');
    expect(params(e!.queries[0]!).get('statuses')).toBe('pending,reviewed');
    expect(params(e!.queries[0]!).get('submitted_at_min')).toBe('2026-04-25T00:00:00Z');
  });

  it('walks the cursors with the filters they were issued for', () => {
    const f = scenarios[5]!;
    expect(f.queries.map((q) => params(q).get('cursor'))).toEqual(['c1', 'c2']);
    for (const q of f.queries) expect(params(q).get('statuses')).toBe('pending,reviewed');
    const g = scenarios[6]!;
    expect(g.queries.map((q) => params(q).get('cursor'))).toEqual(['l1', 'l2', 'l3']);
    for (const q of g.queries) expect([...params(q).keys()].sort()).toEqual(['cursor', 'limit']);
  });

  it('makes a seven-day window', () => {
    const w = weekWindow(END, 0);
    expect(Date.parse(w.max) - Date.parse(w.min)).toBe(7 * 86_400_000 - 1000);
  });
});

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(Float64Array.from([7]), 99)).toBe(7);
  });
});

describe('isFullScan', () => {
  it('flags a table read without an index, by name or alias', () => {
    expect(isFullScan('SCAN return_orders')).toBe(true);
    expect(isFullScan('  SCAN i')).toBe(true);
  });

  it('accepts index scans, searches, virtual tables, subqueries and constant rows', () => {
    expect(isFullScan('SCAN return_orders USING COVERING INDEX idx_orders_visible')).toBe(false);
    expect(isFullScan('SEARCH i USING INDEX idx_items_order (order_id=?)')).toBe(false);
    expect(isFullScan('  SCAN json_each VIRTUAL TABLE INDEX 1:')).toBe(false);
    expect(isFullScan('SCAN (subquery-1)')).toBe(false);
    expect(isFullScan('SCAN CONSTANT ROW')).toBe(false);
  });
});
