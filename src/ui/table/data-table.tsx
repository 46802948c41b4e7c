/**
 * A dense keyboard table: one line per row, a highlighted selected row (inverse video and
 * a "›" marker, so it shows without colour), a "✓" for marked rows, a "✎" for rows with a
 * saved draft, and a window of rows
 * that scrolls with the selection. Only the visible rows render, and each row's formatted
 * line is kept for as long as the row object, the columns and the style stay the same (a
 * key press redraws the table; formatting every visible row again was a third of that).
 * The header and the rows are memoized, so a selection move draws only the two rows it
 * changes: Ink's Output (wrapped by src/ui/ink/row-cached-output.ts) builds again only rows
 * whose Text was drawn again.
 */
import { Box, Text } from 'ink';
import { memo, useMemo, useState } from 'react';
import type { Style } from '../../format/style.js';
import { useTheme } from '../context/theme-context.js';
import { headerLine, rowLine, type LaidOutColumn } from './table-layout.js';

/** Lines the table's header takes. */
export const TABLE_HEADER_LINES = 1;

/** Columns the marker takes before the first column ("›✓✎"). */
export const MARKER_WIDTH = 3;

export interface DataTableProps<Row extends object> {
  readonly columns: readonly LaidOutColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => number;
  /** -1 for none. */
  readonly selectedIndex: number;
  readonly isMarked: (row: Row) => boolean;
  /** True for rows with a saved draft (a "✎" after the mark). */
  readonly hasDraft?: (row: Row) => boolean;
  /** How many rows fit on screen, below the header. */
  readonly height: number;
  /** Shown instead of rows when there are none. */
  readonly emptyText: string;
}

const TableRow = memo(function TableRow(props: {
  readonly line: string;
  readonly isSelected: boolean;
  readonly isMarked: boolean;
  readonly hasDraft: boolean;
}) {
  const marker = `${props.isSelected ? '›' : ' '}${props.isMarked ? '✓' : ' '}${props.hasDraft ? '✎' : ' '}`;
  return (
    <Text inverse={props.isSelected} wrap="truncate">
      {marker}
      {props.line}
    </Text>
  );
});

/** The header line; drawn again only when its text changes (not on every selection move). */
const TableHeader = memo(function TableHeader(props: { readonly line: string }) {
  return (
    <Text bold wrap="truncate">
      {' '.repeat(MARKER_WIDTH)}
      {props.line}
    </Text>
  );
});

/** The first visible row, moved only as far as needed to keep `selected` in view. */
function scrollTop(previous: number, selected: number, height: number, count: number): number {
  const maxTop = Math.max(0, count - height);
  let top = Math.min(previous, maxTop);
  if (selected >= 0 && selected < top) top = selected;
  if (selected >= top + height) top = selected - height + 1;
  return Math.max(0, Math.min(top, maxTop));
}

/** A row's line, drawn once per row object for these columns and style. */
function lineCache<Row extends object>(columns: readonly LaidOutColumn<Row>[], style: Style): (row: Row) => string {
  const lines = new WeakMap<Row, string>();
  return (row) => {
    let line = lines.get(row);
    if (line === undefined) {
      line = rowLine(columns, row, style);
      lines.set(row, line);
    }
    return line;
  };
}

/** Renders the header and the visible rows. */
export function DataTable<Row extends object>(props: DataTableProps<Row>) {
  const { style } = useTheme();
  // Each row's line, until the columns or the theme change (rows are immutable objects).
  const lineOf = useMemo(() => lineCache(props.columns, style), [props.columns, style]);
  const height = Math.max(1, props.height);
  // The scroll position follows the selection from where it was (information from the previous render).
  const [shownTop, setShownTop] = useState(0);
  const top = scrollTop(shownTop, props.selectedIndex, height, props.rows.length);
  if (top !== shownTop) setShownTop(top);
  const visible = props.rows.slice(top, top + height);
  return (
    <Box flexDirection="column">
      <TableHeader line={headerLine(props.columns)} />
      {props.rows.length === 0 ? (
        <Text dimColor>{`  ${props.emptyText}`}</Text>
      ) : (
        visible.map((row, i) => (
          <TableRow
            key={props.rowKey(row)}
            line={lineOf(row)}
            isSelected={top + i === props.selectedIndex}
            isMarked={props.isMarked(row)}
            hasDraft={props.hasDraft?.(row) ?? false}
          />
        ))
      )}
    </Box>
  );
}
