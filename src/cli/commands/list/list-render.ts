/**
 * Output of `list`, apart from fetching: an aligned, width-aware table on a terminal;
 * tab-separated lines when piped (no header, no colour, nothing cut); CSV with a header;
 * JSON and NDJSON with the objects exactly as the service sent them. Every string from
 * the service is sanitized in the table, TSV and CSV; JSON stays untouched (JSON escapes
 * control characters itself). The table cuts a very long field before measuring it; TSV and
 * CSV keep every character.
 */
import type { ReturnOrder } from '../../../api/schemas.js';
import { stringifySafeJson } from '../../../format/json-output.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { orderStatusPaint } from '../../../format/status.js';
import type { Style } from '../../../format/style.js';
import { csvField, renderTable } from '../../../format/table.js';
import type { FieldContext, ListField } from './list-fields.js';

function cells(order: ReturnOrder, fields: readonly ListField[], ctx: FieldContext, isWhole = false): DisplayText[] {
  return fields.map((f) => sanitizeForTerminal(f.value(order, ctx), isWhole ? { maxChars: Number.POSITIVE_INFINITY } : {}));
}

/** The terminal table: header, one line per order, fitted to `width` columns. */
export function renderListTable(
  orders: readonly ReturnOrder[],
  fields: readonly ListField[],
  ctx: FieldContext & { readonly width: number; readonly style: Style },
): string {
  const statusColumn = fields.findIndex((f) => f.name === 'status');
  const lines = renderTable({
    columns: fields.map((f) => f.column),
    rows: orders.map((o) => cells(o, fields, ctx)),
    maxWidth: ctx.width,
    paintHeader: (text) => ctx.style.bold(text),
    paintCell: (text, column, row) =>
      column === statusColumn ? orderStatusPaint(orders[row]!.status, ctx.style)(text) : text,
  });
  return `${lines.join('\n')}\n`;
}

/** One tab-separated line (sanitizing turns tabs and line breaks in values into visible symbols). */
export function renderTsvLine(order: ReturnOrder, fields: readonly ListField[], ctx: FieldContext): string {
  return `${cells(order, fields, ctx, true).join('\t')}\n`;
}

/** The CSV header line (field names, as --fields takes them). */
export function renderCsvHeader(fields: readonly ListField[]): string {
  return `${fields.map((f) => csvField(f.name)).join(',')}\r\n`;
}

/** One CSV record (RFC 4180, CRLF line ends). */
export function renderCsvLine(order: ReturnOrder, fields: readonly ListField[], ctx: FieldContext): string {
  return `${cells(order, fields, ctx, true).map(csvField).join(',')}\r\n`;
}

/** The order as sent, or only the --fields keys (in that order) when fields are given. */
export function jsonObject(order: ReturnOrder, fields: readonly ListField[] | null): unknown {
  if (fields === null) return order;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(order, f.name)) out[f.name] = order[f.name];
  return out;
}

/** Writes a JSON array incrementally, so `--all --json` never holds every page in one string. */
export class JsonArrayWriter {
  private count = 0;

  constructor(private readonly write: (chunk: string) => void) {}

  /** Adds one element. */
  push(value: unknown): void {
    this.write(`${this.count === 0 ? '[\n' : ',\n'}  ${stringifySafeJson(value)}`);
    this.count++;
  }

  /** Closes the array (prints `[]` when empty). */
  end(): void {
    this.write(this.count === 0 ? '[]\n' : '\n]\n');
  }
}

/** The stderr progress line of a long walk, e.g. "Fetching return orders… 250". */
export function progressLine(count: number): string {
  return `\r\u001b[2KFetching return orders… ${count}`;
}

/** Clears the progress line. */
export const CLEAR_LINE = '\r\u001b[2K';
