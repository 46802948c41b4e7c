/**
 * Bar charts in text: a horizontal bar in eighths of a column (for counts side by side) and
 * a one-line column chart, one character per value (for hours of a day). Pure.
 */

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;
const LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** The character of a zero in a column chart: visible, so the hours can be counted. */
export const ZERO_MARK = '·';

/**
 * A bar of `value` against `max` in at most `width` columns, in eighths of a column. Any
 * value above zero shows at least an eighth, so a small count never looks like none.
 */
export function horizontalBar(value: number, max: number, width: number): string {
  if (value <= 0 || max <= 0 || width <= 0) return '';
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * width * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}

/**
 * One character per value: `·` for zero, else one of eight heights against `max` (at least
 * the lowest for any value above zero).
 */
export function columnChart(values: readonly number[], max: number): string {
  return values
    .map((v) => {
      if (v <= 0 || max <= 0) return ZERO_MARK;
      const level = Math.max(0, Math.min(LEVELS.length - 1, Math.ceil((Math.min(v, max) / max) * LEVELS.length) - 1));
      return LEVELS[level];
    })
    .join('');
}

/** A progress bar `width` columns wide (at least 1): `done` of `total` filled (█), the rest light (░); full only when done. */
export function progressBar(done: number, total: number, width: number): string {
  const cells = Math.max(1, Math.floor(width));
  const filled = total <= 0 ? cells : Math.min(cells, Math.floor((done / total) * cells));
  return '█'.repeat(filled) + '░'.repeat(cells - filled);
}
