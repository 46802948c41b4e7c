/**
 * Table layout for the terminal, as pure functions over already-sanitized cell text:
 * columns get their natural width; when the terminal is narrower, flexible columns are cut
 * (widest first, with `…`) down to their minimum, and then columns are dropped by priority.
 * The console uses `fitColumns` for its own rows; the commands' table writer (src/cli/output/)
 * uses `renderTable`, and their CSV writer `csvField`.
 */
import type { DisplayText } from './sanitize.js';
import { displayWidth, fitToWidth } from './width.js';

export interface ColumnSpec {
  readonly header: string;
  readonly align?: 'left' | 'right';
  /** The column may be cut with `…` to fit the terminal. */
  readonly isFlexible?: boolean;
  /** Narrowest width a flexible column is cut to (default 6). */
  readonly minWidth?: number;
  /** What a cut leaves out: the end (default) or the middle (ids told apart by their end). */
  readonly cut?: 'end' | 'middle';
  /** Columns with the lowest priority are dropped first when cutting is not enough; absent: never dropped. */
  readonly dropPriority?: number;
}

export interface ColumnLayout {
  /** Index of the column in the specs. */
  readonly index: number;
  readonly width: number;
}

const DEFAULT_MIN_WIDTH = 6;

/**
 * Chooses the visible columns and their widths so that the row fits `maxWidth` columns
 * (with `gap` spaces between columns). When nothing more can be cut or dropped, the
 * narrowest possible layout is returned (the terminal then wraps).
 */
export function fitColumns(
  specs: readonly ColumnSpec[],
  naturalWidths: readonly number[],
  maxWidth: number,
  gap = 2,
): ColumnLayout[] {
  let visible = specs.map((_, i) => i);
  const floorOf = (i: number) => {
    const natural = naturalWidths[i] ?? 0;
    return specs[i]?.isFlexible ? Math.min(natural, specs[i]?.minWidth ?? DEFAULT_MIN_WIDTH) : natural;
  };
  for (;;) {
    const widths = new Map(visible.map((i) => [i, naturalWidths[i] ?? 0]));
    const gaps = gap * Math.max(0, visible.length - 1);
    const total = () => [...widths.values()].reduce((a, b) => a + b, 0) + gaps;
    const floorTotal = visible.reduce((a, i) => a + floorOf(i), 0) + gaps;
    if (floorTotal <= maxWidth || !hasDroppable(specs, visible)) {
      // Cut the widest flexible column one column at a time: long columns give up space first.
      while (total() > maxWidth) {
        let widest = -1;
        for (const i of visible) {
          const w = widths.get(i)!;
          if (w > floorOf(i) && (widest === -1 || w > widths.get(widest)!)) widest = i;
        }
        if (widest === -1) break;
        widths.set(widest, widths.get(widest)! - 1);
      }
      return visible.map((index) => ({ index, width: widths.get(index)! }));
    }
    visible = dropLowest(specs, visible);
  }
}

function hasDroppable(specs: readonly ColumnSpec[], visible: readonly number[]): boolean {
  return visible.some((i) => specs[i]?.dropPriority !== undefined);
}

function dropLowest(specs: readonly ColumnSpec[], visible: readonly number[]): number[] {
  let lowest = -1;
  for (const i of visible) {
    const p = specs[i]?.dropPriority;
    if (p === undefined) continue;
    // Among equal priorities drop the rightmost, so the left-to-right reading order holds.
    if (lowest === -1 || p <= specs[lowest]!.dropPriority!) lowest = i;
  }
  return visible.filter((i) => i !== lowest);
}

export interface TableInput {
  readonly columns: readonly ColumnSpec[];
  /** Cell text per row, one entry per column: sanitized (or own words through `display`). */
  readonly rows: readonly (readonly DisplayText[])[];
  readonly maxWidth: number;
  readonly gap?: number;
  /** Styles a header cell after padding (padding never carries escape codes). */
  readonly paintHeader?: (text: string, column: number) => string;
  /** Styles a body cell after padding. */
  readonly paintCell?: (text: string, column: number, row: number) => string;
}

/** Lines of an aligned table (header first), fitted to `maxWidth`; no trailing spaces. */
export function renderTable(input: TableInput): string[] {
  const { columns, rows, maxWidth, gap = 2 } = input;
  const natural = columns.map((c, i) =>
    Math.max(displayWidth(c.header), ...rows.map((r) => displayWidth(r[i] ?? ''))),
  );
  const layout = fitColumns(columns, natural, maxWidth, gap);
  const line = (cells: readonly string[], paint: (text: string, column: number) => string) => {
    const parts = layout.map(({ index, width }, k) => {
      const isLast = k === layout.length - 1;
      const align = columns[index]?.align ?? 'left';
      let text = fitToWidth(cells[index] ?? '', width, align, columns[index]?.cut);
      if (isLast && align === 'left') text = text.trimEnd();
      return paint(text, index);
    });
    return parts.join(' '.repeat(gap)).trimEnd();
  };
  const header = line(columns.map((c) => c.header), input.paintHeader ?? ((t) => t));
  const body = rows.map((r, rowIndex) =>
    line(r, input.paintCell ? (t, c) => input.paintCell!(t, c, rowIndex) : (t) => t),
  );
  return [header, ...body];
}

const NUMBER_LIKE = /^[-+]?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180). A text starting with = + - @ (or a tab/CR) is prefixed with
 * `'` so a spreadsheet shows it instead of running it as a formula (OWASP CSV injection);
 * plain numbers such as -5.00 are left alone.
 */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}
