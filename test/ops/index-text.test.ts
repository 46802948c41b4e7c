/** The search index's state in words: the walk's progress line, and how fresh the index is. */
import { describe, expect, it } from 'vitest';
import { indexStateText, leftText, walkProgressLine } from '../../src/ops/search-index/index-text.js';
import type { SearchIndexStatus } from '../../src/ops/search-index/index.js';

const status = (change: Partial<SearchIndexStatus>): SearchIndexStatus => ({ phase: 'ready', count: 100_225, freshAt: 0, isRefreshing: false, walk: null, error: null, ...change });

describe('index words', () => {
  it('draws the walk with a bar, its count, pace and time left, in the width given', () => {
    const progress = { seen: 45_200, estimatedTotal: 100_300, perSecond: 1_950, leftMs: 28_300 };
    const line = walkProgressLine('Indexing return orders', progress, 100);
    expect(line).toMatch(/^Indexing return orders [█░]+ 45,200 of ~100,300 · 1,950\/s · 29 s left$/);
    expect(line.length).toBeLessThanOrEqual(100);
    // No room for a bar: the figures alone.
    expect(walkProgressLine('Indexing return orders', progress, 60)).toBe('Indexing return orders 45,200 of ~100,300 · 1,950/s · 29 s left');
    // Before the first page there is no estimate, pace or time.
    expect(walkProgressLine('Indexing', { seen: 0, estimatedTotal: null, perSecond: 0, leftMs: null }, 80)).toBe('Indexing 0');
  });

  it('says time left in seconds, minutes or hours', () => {
    expect([leftText(400), leftText(89_000), leftText(600_000), leftText(7_200_000)]).toEqual(['1 s', '89 s', '10 min', '2 h']);
  });

  it('says how fresh the index is, how far a first walk has come, and a walk again over a whole index', () => {
    expect(indexStateText(status({ freshAt: 0 }), 12_500)).toBe('Index of 100,225 orders, updated 12s ago');
    expect(indexStateText(status({ freshAt: 0, isRefreshing: true }), 3 * 3_600_000)).toBe('Index of 100,225 orders, updated 3h ago (refreshing…)');
    const walk = { seen: 2_000, estimatedTotal: 10_000, perSecond: 500, leftMs: 16_000 };
    expect(indexStateText(status({ phase: 'walking', freshAt: null, count: 2_000, walk }), 0)).toBe('Indexing every order (searches cover those read so far): 2,000 of ~10,000 · 500/s · 16 s left');
    expect(indexStateText(status({ phase: 'walking', walk }), 0)).toBe('Index of 100,225 orders, walked again: 2,000 of ~10,000 · 500/s · 16 s left');
  });
});
