/**
 * The activity log as table rows (pure): time in local time, action, order, outcome,
 * request id and decisions, every text sanitized (reasons and messages may hold
 * text that came from the service or was typed by a person).
 */
import type { AuditEntry } from '../../../local/audit-log.js';
import { formatLocalDateTime, formatLocalDateTimeShort } from '../../../format/dates.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import type { ColumnSpec } from '../../../format/table.js';
import { summarizeActions } from '../../../ops/review-model.js';
import { quotedScan } from '../../keys/quoted-scan.js';

/**
 * The columns (the log shows one profile's entries, named in its title, so no profile
 * column). The request id is what support asks for: it is never dropped, and a cut leaves
 * out its middle, as ids of one service often share their start. Details (decisions, what
 * was scanned) give way first on narrow terminals.
 */
export const AUDIT_COLUMNS: readonly ColumnSpec[] = [
  { header: 'Time' },
  { header: 'Action' },
  // Where the write was made (order screen, list, bulk, scan mode, command line): never dropped,
  // it is what answers "who received this, and how?".
  { header: 'From' },
  // The outcome (the error code) is never cut; the order's name gives way before its id.
  { header: 'Order', isFlexible: true, minWidth: 8 },
  { header: 'Outcome' },
  { header: 'Request id', isFlexible: true, minWidth: 12, cut: 'middle' },
  { header: 'Details', dropPriority: 1 },
];

/**
 * "ok", "ok (already applied)", "failed invalid_state_transition 422", "not done (stopped)",
 * "no change not_found", "ok (read back)" (short: it must fit 80 columns).
 */
export function outcomeText(entry: AuditEntry): string {
  // Read back when the console quit: applied, not applied, or unknown (the entry's message says how to check).
  if (entry.reconciled === 'applied') return 'ok (read back)';
  if (entry.reconciled === 'not_applied') return 'not applied (read back)';
  if (entry.reconciled === 'unknown') return '✗ unknown: check the order';
  if (entry.outcome === 'ok') return 'ok';
  if (entry.outcome === 'already_applied') return 'ok (already applied)';
  if (entry.outcome === 'not_done') return 'not done (stopped)';
  if (entry.outcome === 'no_change') return `no change ${entry.code ?? ''}`.trimEnd();
  if (entry.outcome === 'discarded') return 'discarded (not pending)';
  // Sent, and no answer logged: in flight, or its process was stopped (read back at the next start).
  if (entry.outcome === 'sending') return 'sent, no answer logged';
  // The code says what failed; the HTTP status goes to the details (80 columns are tight).
  return `✗ ${entry.code ?? 'error'}`;
}

/** The decisions of a review, or what was scanned for a scan. */
function detailText(entry: AuditEntry): string {
  const http = entry.outcome === 'failed' && entry.status !== undefined ? `HTTP ${entry.status}` : '';
  const rest = detailOf(entry);
  return http && rest ? `${http} · ${rest}` : http || rest;
}

function detailOf(entry: AuditEntry): string {
  if (entry.decisions) return summarizeActions(entry.decisions.map((d) => d.action));
  return entry.scanned !== undefined ? `scanned ${entry.scanned}` : '';
}

/** Where the write was made: "order", "list", "bulk", "scan", "cli" ("—" for an entry of a version that did not say). */
export function sourceText(entry: AuditEntry): string {
  return entry.source ?? '—';
}

/**
 * "1001 #N1001" when the name is known (the id first: a narrow terminal cuts the end), else
 * the id; for a scan that matched nothing, what was scanned, quoted (the details column,
 * where it also is, is the first to go at 80 columns); "—" when there is neither.
 */
export function orderText(entry: AuditEntry): DisplayText {
  if (entry.orderId === undefined) return entry.scanned === undefined ? sanitizeForTerminal('—') : display`"${quotedScan(entry.scanned)}"`;
  return sanitizeForTerminal(entry.orderName === undefined ? String(entry.orderId) : `${entry.orderId} ${entry.orderName}`);
}

/**
 * The cells of one entry, sanitized. `isShortTime` leaves the year out of the time ("11-05
 * 12:00", as the list does on a narrow terminal), so an order's name fits 60 columns.
 */
export function auditRow(entry: AuditEntry, timeZone?: string, isShortTime = false): DisplayText[] {
  const s = sanitizeForTerminal;
  return [
    s(isShortTime ? formatLocalDateTimeShort(entry.time, timeZone) : formatLocalDateTime(entry.time, timeZone)),
    s(entry.action),
    s(sourceText(entry)),
    orderText(entry),
    s(outcomeText(entry)),
    s(entry.requestId ?? '—'),
    s(detailText(entry)),
  ];
}
