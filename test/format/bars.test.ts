/** Text bar charts (src/format/bars.ts): eighths of a column, one character per hour, progress. */
import { describe, expect, it } from 'vitest';
import { columnChart, horizontalBar, progressBar, ZERO_MARK } from '../../src/format/bars.js';
import { displayWidth } from '../../src/format/width.js';

describe('bars', () => {
  it('draws a horizontal bar in eighths, never wider than asked, and any count above zero visible', () => {
    expect(horizontalBar(10, 10, 5)).toBe('█████');
    expect(horizontalBar(5, 10, 5)).toBe('██▌');
    expect(horizontalBar(1, 10_000, 5)).toBe('▏');
    expect(horizontalBar(0, 10, 5)).toBe('');
    expect(displayWidth(horizontalBar(99, 100, 7))).toBeLessThanOrEqual(7);
  });

  it('draws one character per value, zero as a dot, the largest as a full block', () => {
    expect(columnChart([0, 1, 4, 8], 8)).toBe(`${ZERO_MARK}▁▄█`);
    expect(columnChart([1], 1000)).toBe('▁');
    expect(columnChart(new Array(24).fill(0), 0)).toHaveLength(24);
  });

  it('fills a progress bar in proportion', () => {
    expect(progressBar(0, 12, 12)).toBe('░'.repeat(12));
    expect(progressBar(6, 12, 12)).toBe('█'.repeat(6) + '░'.repeat(6));
    expect(progressBar(12, 12, 4)).toBe('████');
  });
});
