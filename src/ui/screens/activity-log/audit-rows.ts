/**
 * The activity log as table rows (pure): time in local time, action, order, outcome,
 * decisions, request id and profile, every text sanitized (reasons and messages may hold
 * text that came from the service or was typed by a person).
 */
import type { AuditEntry } from '../../../local/audit-log.js';
import { formatLocalDateTime } from '../../../format/dates.js';
import { sanitizeForTerminal } from '../../../format/sanitize.js';
import type { ColumnSpec } from '../../../format/table.js';
import { summarizeActions } from '../order/review-model.js';

/** The columns; profile, decisions and request id give way first on narrow terminals. */
export const AUDIT_COLUMNS: readonly ColumnSpec[] = [
  { header: 'Time' },
  { header: 'Action' },
  { header: 'Order', align: 'right' },
  { header: 'Outcome' },
  { header: 'Decisions', isFlexible: true, minWidth: 10, dropPriority: 2 },
  { header: 'Request id', isFlexible: true, minWidth: 12, dropPriority: 3 },
  { header: 'Profile', isFlexible: true, minWidth: 6, dropPriority: 1 },
];

/** "ok", "ok (already applied)", "failed invalid_state_transition 422" (short: it must fit 80 columns). */
export function outcomeText(entry: AuditEntry): string {
  if (entry.outcome === 'ok') return 'ok';
  if (entry.outcome === 'already_applied') return 'ok (already applied)';
  const status = entry.status === undefined ? '' : ` ${entry.status}`;
  return `failed ${entry.code ?? 'error'}${status}`;
}

/** The cells of one entry, sanitized. */
export function auditRow(entry: AuditEntry, timeZone?: string): string[] {
  const s = sanitizeForTerminal;
  const decisions = entry.decisions ? summarizeActions(entry.decisions.map((d) => d.action)) : '';
  return [
    s(formatLocalDateTime(entry.time, timeZone)),
    s(entry.action),
    String(entry.orderId),
    s(outcomeText(entry)),
    s(decisions),
    s(entry.requestId ?? '—'),
    s(entry.profile),
  ];
}
