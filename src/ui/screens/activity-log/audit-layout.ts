/**
 * The activity log laid out for a terminal width (pure): one line per entry where the whole
 * row fits, else two (the time, action and order; then, indented, the outcome, the request id
 * and the details). A failed write's entry is the one support needs whole: its error code
 * and request id are cut only as much as the width forces, and never off the screen's edge.
 */
import type { AuditEntry } from '../../../local/audit-log.js';
import { renderTable, type ColumnSpec } from '../../../format/table.js';
import { displayWidth } from '../../../format/width.js';
import { AUDIT_COLUMNS, auditRow } from './audit-rows.js';

/** Below this width the times leave their year out, as the list does (a failed write's row then fits 80 columns). */
export const SHORT_TIME_BELOW_COLUMNS = 100;

/** Where the second line of a stacked entry starts. */
const INDENT = '  ';

/** The widest outcome a stacked entry shows whole. */
const OUTCOME_MAX_WIDTH = 30;

/** The columns of a stacked entry's first and second line: AUDIT_COLUMNS split in two (time, action, where from, order; the rest). */
const SPLIT_AT = 4;
const FIRST_LINE: readonly ColumnSpec[] = AUDIT_COLUMNS.slice(0, SPLIT_AT);
const SECOND_LINE: readonly ColumnSpec[] = [
  // Every code the interface defines is shorter: only an unknown code from a service is cut.
  { header: 'Outcome', isFlexible: true, minWidth: OUTCOME_MAX_WIDTH },
  ...AUDIT_COLUMNS.slice(SPLIT_AT + 1),
];

export interface AuditLayout {
  /** The header line(s). */
  readonly header: readonly string[];
  /** Each entry's lines, newest first. */
  readonly entries: readonly (readonly string[])[];
  /** 1, or 2 when stacked. */
  readonly linesPerEntry: 1 | 2;
}

/** The log of `entries` for a terminal `columns` wide (its last column is left free, as Ink wraps there). */
export function layOutAudit(entries: readonly AuditEntry[], columns: number, timeZone?: string): AuditLayout {
  const maxWidth = Math.max(1, columns - 1);
  const rows = entries.map((e) => auditRow(e, timeZone, columns < SHORT_TIME_BELOW_COLUMNS));
  const [header = '', ...lines] = renderTable({ columns: AUDIT_COLUMNS, rows, maxWidth });
  if ([header, ...lines].every((line) => displayWidth(line) <= maxWidth)) {
    return { header: [header], entries: lines.map((line) => [line]), linesPerEntry: 1 };
  }
  const [firstHeader = '', ...firsts] = renderTable({ columns: FIRST_LINE, rows: rows.map((r) => r.slice(0, SPLIT_AT)), maxWidth });
  const [secondHeader = '', ...seconds] = renderTable({ columns: SECOND_LINE, rows: rows.map((r) => r.slice(SPLIT_AT)), maxWidth: maxWidth - INDENT.length });
  return {
    header: [firstHeader, INDENT + secondHeader],
    entries: firsts.map((first, i) => [first, INDENT + (seconds[i] ?? '')]),
    linesPerEntry: 2,
  };
}
