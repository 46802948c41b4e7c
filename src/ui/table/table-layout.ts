/**
 * The console's table columns on top of the shared layout (src/format/table.ts
 * `fitColumns`: natural widths, flexible columns cut widest first, then columns dropped by
 * priority). Cells may offer variants, longest first, so a narrowed column shows a shorter
 * form ("11-02 10:15 · 3d") instead of a cut-off long one.
 */
import type { DisplayText } from '../../format/sanitize.js';
import type { Paint, Style } from '../../format/style.js';
import { fitColumns } from '../../format/table.js';
import { displayWidth, fitToWidth } from '../../format/width.js';

/**
 * One cell: a text, or variants from longest to shortest. Display text only (sanitized, or
 * the console's own words through `display`): a field of an order does not type-check here.
 */
export type CellText = DisplayText | readonly DisplayText[];

export interface ColumnSpec<Row> {
  readonly key: string;
  readonly header: string;
  readonly align?: 'left' | 'right';
  /** The column may be narrowed (down to `minWidth`) on a narrow terminal. */
  readonly isFlexible?: boolean;
  readonly minWidth?: number;
  /** Lowest is dropped first when narrowing is not enough; absent: never dropped. */
  readonly dropPriority?: number;
  /** Never wider than this, whatever the content. */
  readonly maxWidth?: number;
  readonly cell: (row: Row) => CellText;
  /** Colour for a cell (applied after padding; the words already carry the meaning). */
  readonly paint?: (row: Row, style: Style) => Paint;
}

export interface LaidOutColumn<Row> {
  readonly spec: ColumnSpec<Row>;
  readonly width: number;
  /**
   * Which form of its cells the column shows (0: the longest): the longest form every row's
   * cell fits in, so a column reads alike on every row (the Submitted column once showed
   * the date on some rows and only the age on others).
   */
  readonly form: number;
}

/** Space between columns (dense: one). */
export const COLUMN_GAP = 1;

function variants(text: CellText | string): readonly string[] {
  return typeof text === 'string' ? [text] : text;
}

/** The widest cell (longest variant) of a column over `rows`, header included, capped. */
function naturalWidth<Row>(spec: ColumnSpec<Row>, rows: readonly Row[]): number {
  let w = displayWidth(spec.header);
  for (const row of rows) w = Math.max(w, displayWidth(variants(spec.cell(row))[0] ?? ''));
  return Math.min(spec.maxWidth ?? Number.POSITIVE_INFINITY, w);
}

/** The visible columns and their widths for `rows` on a terminal `width` columns wide. */
export function layoutColumns<Row>(
  specs: readonly ColumnSpec<Row>[],
  rows: readonly Row[],
  width: number,
): LaidOutColumn<Row>[] {
  const natural = specs.map((s) => naturalWidth(s, rows));
  return fitColumns(specs, natural, width, COLUMN_GAP).map(({ index, width: w }) => {
    const spec = specs[index]!;
    return { spec, width: w, form: columnForm(spec, rows, w) };
  });
}

/** The variant of `text` for form `form` (its last one when it has fewer). */
const formOf = (all: readonly string[], form: number) => all[Math.min(form, all.length - 1)] ?? '';

/** The longest form in which every row's cell fits `width` (the shortest form when none does). */
function columnForm<Row>(spec: ColumnSpec<Row>, rows: readonly Row[], width: number): number {
  const cells = rows.map((row) => variants(spec.cell(row)));
  const forms = Math.max(1, ...cells.map((all) => all.length));
  for (let form = 0; form < forms; form++) {
    if (cells.every((all) => displayWidth(formOf(all, form)) <= width)) return form;
  }
  return forms - 1;
}

/**
 * The first variant from form `form` on that fits `width`, else the last one cut with an
 * ellipsis; padded.
 */
export function fitCell(text: CellText | string, width: number, align: 'left' | 'right' = 'left', form = 0): string {
  const every = variants(text);
  const all = every.slice(Math.min(form, Math.max(0, every.length - 1)));
  const fitting = all.find((v) => displayWidth(v) <= width) ?? all[all.length - 1] ?? '';
  return fitToWidth(fitting, width, align);
}

/** The header line of laid-out columns. */
export function headerLine<Row>(columns: readonly LaidOutColumn<Row>[]): string {
  return columns.map((c) => fitCell(c.spec.header, c.width, c.spec.align)).join(' '.repeat(COLUMN_GAP));
}

/** One row as a line: padded cells, painted when a column asks for it. */
export function rowLine<Row>(columns: readonly LaidOutColumn<Row>[], row: Row, style: Style): string {
  return columns
    .map((c) => {
      const text = fitCell(c.spec.cell(row), c.width, c.spec.align, c.form);
      return c.spec.paint ? c.spec.paint(row, style)(text) : text;
    })
    .join(' '.repeat(COLUMN_GAP));
}
