/**
 * Column layout of the console's tables, pure: which columns fit a terminal width (by
 * priority) and how wide each one is. Cells may offer variants (longest first), so a
 * narrow column shows a shorter form instead of a cut-off long one.
 */
import { displayWidth, fitToWidth } from '../../format/width.js';

/** One cell: a string, or variants from longest to shortest. Already sanitized. */
export type CellText = string | readonly string[];

export interface ColumnSpec<Row> {
  readonly key: string;
  readonly header: string;
  /** 1 is kept longest; higher numbers drop first on narrow terminals. */
  readonly priority: number;
  /** The column is dropped rather than shown narrower than this. */
  readonly minWidth: number;
  /** Never wider than this, whatever the content. */
  readonly maxWidth: number;
  readonly align?: 'left' | 'right';
  readonly cell: (row: Row) => CellText;
}

export interface LaidOutColumn<Row> {
  readonly spec: ColumnSpec<Row>;
  readonly width: number;
}

/** Space between columns. */
export const COLUMN_GAP = 1;

function variants(text: CellText): readonly string[] {
  return typeof text === 'string' ? [text] : text;
}

/** The widest cell (longest variant) of a column over `rows`, header included. */
function naturalWidth<Row>(spec: ColumnSpec<Row>, rows: readonly Row[]): number {
  let w = displayWidth(spec.header);
  for (const row of rows) {
    const first = variants(spec.cell(row))[0] ?? '';
    w = Math.max(w, displayWidth(first));
  }
  return Math.min(spec.maxWidth, Math.max(spec.minWidth, w));
}

/**
 * Chooses the columns that fit `width` and their widths. Columns keep their order; the
 * lowest priority ones are dropped until the minimum widths fit. Kept columns then grow,
 * highest priority first: to their full natural width when it fits (so a longer cell
 * variant appears), and finally partly with whatever is left.
 */
export function layoutColumns<Row>(
  specs: readonly ColumnSpec<Row>[],
  rows: readonly Row[],
  width: number,
): LaidOutColumn<Row>[] {
  const kept = [...specs];
  const total = (cols: readonly ColumnSpec<Row>[]) =>
    cols.reduce((sum, c) => sum + c.minWidth, 0) + Math.max(0, cols.length - 1) * COLUMN_GAP;
  while (kept.length > 1 && total(kept) > width) {
    const worst = kept.reduce((a, b) => (b.priority >= a.priority ? b : a));
    kept.splice(kept.indexOf(worst), 1);
  }
  const widths = new Map(kept.map((c) => [c, c.minWidth]));
  let spare = Math.max(0, width - total(kept));
  const byPriority = [...kept].sort((a, b) => a.priority - b.priority);
  const natural = new Map(kept.map((c) => [c, naturalWidth(c, rows)]));
  for (const isPartial of [false, true]) {
    for (const c of byPriority) {
      const need = (natural.get(c) ?? c.minWidth) - (widths.get(c) ?? c.minWidth);
      if (need <= 0 || spare <= 0 || (!isPartial && need > spare)) continue;
      const grow = Math.min(need, spare);
      widths.set(c, (widths.get(c) ?? c.minWidth) + grow);
      spare -= grow;
    }
  }
  return kept.map((spec) => ({ spec, width: widths.get(spec) ?? spec.minWidth }));
}

/** The first variant that fits `width`, else the last one cut with an ellipsis; padded. */
export function fitCell(text: CellText, width: number, align: 'left' | 'right' = 'left'): string {
  const all = variants(text);
  const fitting = all.find((v) => displayWidth(v) <= width) ?? all[all.length - 1] ?? '';
  return fitToWidth(fitting, width, align);
}

/** The header line of laid-out columns. */
export function headerLine<Row>(columns: readonly LaidOutColumn<Row>[]): string {
  return columns.map((c) => fitCell(c.spec.header, c.width, c.spec.align)).join(' '.repeat(COLUMN_GAP));
}

/** The padded cell strings of one row. */
export function rowCells<Row>(columns: readonly LaidOutColumn<Row>[], row: Row): string[] {
  return columns.map((c) => fitCell(c.spec.cell(row), c.width, c.spec.align));
}
