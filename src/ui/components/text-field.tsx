/**
 * Editable text with a visible cursor (the editing itself is text-edit.ts): on one line, or
 * broken into rows of a width (a long reject reason). Either way the screen knows exactly
 * which rows it takes, and the cursor stays in view: one line scrolls sideways, rows are
 * shown from the cursor's row up.
 */
import { Text } from 'ink';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { displayWidth, truncateToWidth } from '../../format/width.js';
import type { TextEditState } from './text-edit.js';

export interface TextFieldProps {
  readonly state: TextEditState;
  readonly isFocused: boolean;
  /** Shown dimmed while the field is empty. */
  readonly placeholder?: string;
  /** Columns for the field; when set, a longer text is shown around the cursor on one line. */
  readonly width?: number;
}

/** One row of a field: the text before the cursor, the cursor's character (null: not on this row), the text after. */
export interface FieldRow {
  readonly before: string;
  readonly at: string | null;
  readonly after: string;
}

/** The field's characters (code points, as its cursor counts them), each as it is shown. */
function shownChars(value: string): string[] {
  return [...value].map((c) => sanitizeForTerminal(c));
}

/**
 * The field in rows of at most `width` columns (pure): broken after the last space that
 * fits, as prose wraps (inside a word only when the word is wider than a row), so a long
 * reason reads whole. Every character keeps its place in some row, so the cursor is
 * always where it is drawn; it takes a column of its own at the end of the text.
 */
export function fieldRows(state: TextEditState, width: number): { readonly rows: readonly FieldRow[]; readonly cursorRow: number } {
  const max = Math.max(1, Math.floor(width));
  const chars = shownChars(state.value);
  const at = Math.max(0, Math.min(state.cursor, chars.length));
  // Each cell is a character and its index; the cursor's own cell at the end only while the cursor is there.
  const cells = [...chars, ...(at === chars.length ? [' '] : [])].map((c, index) => ({ c, index, w: displayWidth(c) }));
  const rows: (typeof cells)[] = [[]];
  let used = 0;
  for (const cell of cells) {
    let row = rows.at(-1)!;
    if (used + cell.w > max && row.length > 0) {
      // Break after the row's last space when a word follows it on the row (and goes on the next row with this cell), else here.
      const space = row.findLastIndex((x) => x.c === ' ');
      const word = space >= 0 ? row.slice(space + 1) : [];
      const fits = word.length > 0 && word.reduce((a, x) => a + x.w, 0) + cell.w <= max;
      const moved = fits ? row.splice(space + 1) : [];
      row = [...moved];
      rows.push(row);
      used = moved.reduce((a, x) => a + x.w, 0);
    }
    row.push(cell);
    used += cell.w;
  }
  let cursorRow = 0;
  const out = rows.map((row, r): FieldRow => {
    const offset = row.findIndex((x) => x.index === at);
    const text = (from: number, to?: number) => row.slice(from, to).map((x) => x.c).join('');
    if (offset === -1) return { before: text(0), at: null, after: '' };
    cursorRow = r;
    return { before: text(0, offset), at: row[offset]!.c, after: text(offset + 1) };
  });
  return { rows: out, cursorRow };
}

/** The rows from `first` on to show of `count` rows, `shown` at a time, keeping `cursorRow` in view (from the cursor's row up). */
export function firstShownRow(count: number, cursorRow: number, shown: number): number {
  return Math.max(0, Math.min(cursorRow - shown + 1, count - shown));
}

/** Renders one row of a field (the cursor as an inverse cell when it is on the row and the field has focus). */
export function FieldRowText(props: { readonly row: FieldRow; readonly isFocused: boolean }) {
  const { row } = props;
  return (
    <Text wrap="truncate">
      {row.before}
      {row.at !== null ? props.isFocused ? <Text inverse>{row.at}</Text> : row.at : null}
      {row.after}
    </Text>
  );
}

/** Renders the field on one line; the cursor is an inverse cell while focused. */
export function TextField(props: TextFieldProps) {
  const chars = shownChars(props.state.value);
  if (chars.length === 0) {
    // Cut to the field's own width: a longer placeholder would make its row overflow, and Yoga
    // then shrinks whatever stands beside the field (the command line's ":") to nothing.
    const room = props.width === undefined ? undefined : Math.max(0, props.width - (props.isFocused ? 1 : 0));
    const placeholder = props.placeholder ?? '';
    return (
      <Text wrap="truncate">
        {props.isFocused ? <Text inverse> </Text> : null}
        <Text dimColor>{room === undefined ? placeholder : truncateToWidth(placeholder, room)}</Text>
      </Text>
    );
  }
  if (props.width === undefined) {
    if (!props.isFocused) return <Text>{chars.join('')}</Text>;
    const at = Math.max(0, Math.min(props.state.cursor, chars.length));
    return <FieldRowText row={{ before: chars.slice(0, at).join(''), at: chars[at] ?? ' ', after: chars.slice(at + 1).join('') }} isFocused />;
  }
  const { rows, cursorRow } = fieldRows(props.state, props.width);
  const row = props.isFocused ? rows[cursorRow]! : { before: chars.join(''), at: null, after: '' };
  return <FieldRowText row={row} isFocused={props.isFocused} />;
}
