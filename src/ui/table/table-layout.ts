/**
 * The console's table columns on top of the shared layout (src/format/table.ts
 * `fitColumns`: natural widths, flexible columns cut widest first, then columns dropped by
 * priority). A column's width and the form of its cells depend on the terminal's width and
 * the column alone, never on the rows on screen, so the columns stay put while paging and
 * refreshing (they once moved with each page's longest name). Cells may offer variants,
 * longest first, so a narrowed column shows a shorter form ("11-02 10:15 · 3d") instead of
 * a cut-off long one.
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
  /** Its width when there is room: as wide as its cells usually are (a wider cell is cut). Absent: the header's. */
  readonly width?: number;
  /** The column may be narrowed (down to `minWidth`) on a narrow terminal. */
  readonly isFlexible?: boolean;
  readonly minWidth?: number;
  /** Lowest is dropped first when narrowing is not enough; absent: never dropped. */
  readonly dropPriority?: number;
  /** The columns each form of its cells needs, longest first (as `cell` gives its variants): the column shows the first that fits it. */
  readonly formWidths?: readonly number[];
  /** What a cut leaves out: the end (default) or the middle (ids told apart by their end). */
  readonly cut?: 'end' | 'middle';
  readonly cell: (row: Row) => CellText;
  /** Colour for a cell (applied after padding; the words already carry the meaning). */
  readonly paint?: (row: Row, style: Style) => Paint;
}

export interface LaidOutColumn<Row> {
  readonly spec: ColumnSpec<Row>;
  readonly width: number;
  /** Which form of its cells the column shows (0: the longest), the same on every row. */
  readonly form: number;
}

/** Space between columns (dense: one). */
export const COLUMN_GAP = 1;

function variants(text: CellText | string): readonly string[] {
  return typeof text === 'string' ? [text] : text;
}

/** The column's width when there is room. */
const naturalWidth = <Row>(spec: ColumnSpec<Row>) => Math.max(displayWidth(spec.header), spec.width ?? 0);

/**
 * The visible columns, their widths and forms on a terminal `width` columns wide (the same
 * for any rows). A column of forms narrowed between two of them is narrowed to the form it
 * shows, and the columns it frees go to the cut columns that lack the most, so they are cut less.
 */
export function layoutColumns<Row>(specs: readonly ColumnSpec<Row>[], width: number): LaidOutColumn<Row>[] {
  const laid = fitColumns(specs, specs.map(naturalWidth), width, COLUMN_GAP).map(({ index, width: w }) => {
    const spec = specs[index]!;
    const form = columnForm(spec, w);
    const formWidth = spec.formWidths?.[form];
    return { spec, width: formWidth !== undefined && formWidth < w ? Math.max(formWidth, displayWidth(spec.header)) : w, form, was: w };
  });
  let free = laid.reduce((a, c) => a + c.was - c.width, 0);
  while (free > 0) {
    const cut = laid.filter((c) => c.spec.formWidths === undefined && c.width < naturalWidth(c.spec));
    if (cut.length === 0) break;
    const most = cut.reduce((a, c) => (naturalWidth(c.spec) - c.width > naturalWidth(a.spec) - a.width ? c : a));
    most.width++;
    free--;
  }
  return laid.map(({ spec, width: w, form }) => ({ spec, width: w, form }));
}

/** The longest form that fits `width` (the shortest when none does). */
function columnForm<Row>(spec: ColumnSpec<Row>, width: number): number {
  const forms = spec.formWidths ?? [];
  const fitting = forms.findIndex((w) => w <= width);
  return fitting === -1 ? Math.max(0, forms.length - 1) : fitting;
}

/** The variant of `text` for form `form` (its last one when it has fewer). */
const formOf = (all: readonly string[], form: number) => all[Math.min(form, all.length - 1)] ?? '';

/** The cell's variant of form `form` (its last when it has fewer), cut to `width` when wider; padded. */
export function fitCell(text: CellText | string, width: number, align: 'left' | 'right' = 'left', form = 0, cut: 'end' | 'middle' = 'end'): string {
  return fitToWidth(formOf(variants(text), form), width, align, cut);
}

/** The header line of laid-out columns. */
export function headerLine<Row>(columns: readonly LaidOutColumn<Row>[]): string {
  return columns.map((c) => fitCell(c.spec.header, c.width, c.spec.align)).join(' '.repeat(COLUMN_GAP));
}

/** One row as a line: padded cells, painted when a column asks for it. */
export function rowLine<Row>(columns: readonly LaidOutColumn<Row>[], row: Row, style: Style): string {
  return columns
    .map((c) => {
      const text = fitCell(c.spec.cell(row), c.width, c.spec.align, c.form, c.spec.cut);
      return c.spec.paint ? c.spec.paint(row, style)(text) : text;
    })
    .join(' '.repeat(COLUMN_GAP));
}
