/**
 * Ink's word wrap without the spaces of its line breaks, put in place by the build and by
 * vitest (scripts/source-patch-plugin.mjs, patch "ink-wrap-break-spaces"). Ink wraps text
 * with wrap-ansi's `trim: false`, so that a Text's own leading spaces stay; but wrap-ansi
 * then moves the space it broke a line at onto the next row whenever the row before is
 * exactly full: " sends it" one column in, or a row holding nothing but that space. Here
 * such a row (one that follows a full row) loses the spaces at its start, and goes when
 * nothing else is on it (escape sequences alone show nothing). Rows are measured as wrap-ansi measures them (string-width), and
 * escape sequences at a row's start stay (wrap-ansi opens a row's styles there).
 */
import stringWidth from 'string-width';

/** wrap-ansi's options, the ones this looks at. */
interface WrapOptions {
  readonly trim?: boolean;
  readonly wordWrap?: boolean;
  readonly hard?: boolean;
}

type Wrap = (text: string, columns: number, options?: WrapOptions) => string;

const ESC = 0x1b;
const BEL = 0x07;

/**
 * The length of the escape sequence at `at` in `row` (0: none): CSI (colours, styles: ESC [
 * … final byte) or OSC (links: ESC ] … BEL or ESC \), the ones wrap-ansi writes.
 */
function escapeLengthAt(row: string, at: number): number {
  if (row.charCodeAt(at) !== ESC) return 0;
  const kind = row[at + 1];
  let i = at + 2;
  if (kind === '[') {
    while (i < row.length && !(row.charCodeAt(i) >= 0x40 && row.charCodeAt(i) <= 0x7e)) i++;
    return Math.min(row.length, i + 1) - at;
  }
  if (kind === ']') {
    while (i < row.length && row.charCodeAt(i) !== BEL && !(row.charCodeAt(i) === ESC && row[i + 1] === '\\')) i++;
    return Math.min(row.length, i + (row.charCodeAt(i) === BEL ? 1 : 2)) - at;
  }
  return 0;
}

/** `row` without the spaces before its first visible character (its escape sequences kept), or '' when it shows nothing. */
function withoutLeadingSpaces(row: string): string {
  let kept = '';
  let at = 0;
  while (at < row.length) {
    const escape = escapeLengthAt(row, at);
    if (escape > 0) {
      kept += row.slice(at, at + escape);
      at += escape;
    } else if (row[at] === ' ') {
      at++;
    } else {
      return kept + row.slice(at);
    }
  }
  return '';
}

/** The rows of one wrapped line, without the spaces its breaks left at the start of rows. */
function withoutBreakSpaceRows(rows: readonly string[], columns: number): string[] {
  const kept: string[] = [];
  rows.forEach((row, i) => {
    if (i === 0 || stringWidth(rows[i - 1]!) < columns) {
      kept.push(row);
      return;
    }
    const trimmed = withoutLeadingSpaces(row);
    if (trimmed !== '') kept.push(trimmed);
  });
  return kept;
}

/**
 * `wrap` (wrap-ansi) giving the same rows, less the spaces of its line breaks: only for word
 * wrapping with `trim: false` (Ink's "wrap"); anything else is passed through as it is.
 */
export function withoutBreakSpaces(wrap: Wrap): Wrap {
  return (text, columns, options) => {
    if (options?.trim !== false || options.wordWrap === false) return wrap(text, columns, options);
    // Line by line, as wrap-ansi itself wraps (its rows never run across a line break).
    return String(text)
      .replaceAll('\r\n', '\n')
      .split('\n')
      .map((line) => withoutBreakSpaceRows(wrap(line, columns, options).split('\n'), columns).join('\n'))
      .join('\n');
  };
}
