/**
 * The orders list's columns: what each shows, in which order, and which drop first on a
 * narrow terminal. Every string from the service is sanitized here, before layout, so
 * escape sequences can neither reach the terminal nor break a column width.
 */
import type { ReturnOrder } from '../../../api/schemas.js';
import { customerName as fullName, itemCounts, itemsSummary } from '../../../format/order.js';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { orderStatusPaint } from '../../../format/status.js';
import { formatAge, formatLocalDateTime, formatLocalDateTimeShort } from '../../../format/dates.js';
import type { ColumnSpec } from '../../table/table-layout.js';

/** Columns of an age ("11mo", "23h"). */
const AGE_WIDTH = 4;
/** Columns of the Submitted forms: "2026-11-02 10:15 · 3d", "11-02 10:15 · 3d", "11-02 10:15", "3d". */
const SUBMITTED_FORMS = [16 + 3 + AGE_WIDTH, 11 + 3 + AGE_WIDTH, 11, AGE_WIDTH] as const;
/** Columns of the Items forms: "1R 1E · 2 pending", "1R 1E 2p". */
const ITEMS_FORMS = [17, 8] as const;

/** "1R 1E · 2 pending" (as `list` shows it) and the shorter "1R 1E 2p"; "n/a" without item data. */
export function itemsCell(order: ReturnOrder): readonly DisplayText[] {
  const c = itemCounts(order);
  const summary = sanitizeForTerminal(itemsSummary(order));
  return c && c.pending > 0 ? [summary, display`${c.refunds}R ${c.exchanges}E ${c.pending}p`] : [summary];
}

/** Submitted time in local time with its age, longest form first ("2026-11-02 10:15 · 3d"). */
export function submittedCell(submittedAt: string, nowMs: number): readonly DisplayText[] {
  if (Number.isNaN(Date.parse(submittedAt))) return [sanitizeForTerminal(submittedAt)];
  // Made from a parsed date: digits and separators only, but typed like every other cell.
  const local = sanitizeForTerminal(formatLocalDateTime(submittedAt));
  const age = sanitizeForTerminal(formatAge(submittedAt, nowMs));
  // The short forms leave the year out ("11-02 10:15 · 3d"), then the age (a column shows one
  // form on every row, and a two-digit age would otherwise drop every row to the age alone);
  // the shortest keeps only the age.
  const shortLocal = sanitizeForTerminal(formatLocalDateTimeShort(submittedAt));
  return [display`${local} · ${age}`, display`${shortLocal} · ${age}`, shortLocal, age];
}

/** The customer's full name, sanitized. */
export function customerName(order: ReturnOrder): DisplayText {
  return sanitizeForTerminal(fullName(order));
}

/** Items awaiting a decision, or n/a when the order carries no item arrays. */
function pendingCell(order: ReturnOrder): DisplayText {
  const pending = itemCounts(order)?.pending;
  return pending === undefined ? display`n/a` : display`${pending}`;
}

/** The columns the list shows unless a saved view names others (names as `list --fields`). */
const DEFAULT_COLUMNS: readonly string[] = ['id', 'order_name', 'status', 'customer', 'cust_email', 'submitted_at', 'items', 'currency'];

/**
 * Every column the console can show, by the name `list --fields` gives it (saved views name
 * columns that way); `nowMs` gives the ages.
 */
function orderColumnCatalog(nowMs: number): Readonly<Record<string, ColumnSpec<ReturnOrder>>> {
  return {
    // Ids of up to 7 digits whole; a longer one keeps its start and end.
    id: { key: 'id', header: 'ID', align: 'right', width: 7, cut: 'middle', cell: (o) => display`${o.id}` },
    order_name: { key: 'order', header: 'Order', width: 26, isFlexible: true, minWidth: 8, cell: (o) => sanitizeForTerminal(o.order_name) },
    // 14 columns keep every pair of statuses distinguishable when cut (pending_actio… / pending_payme…).
    status: {
      key: 'status', header: 'Status', width: 25, isFlexible: true, minWidth: 14,
      cell: (o) => sanitizeForTerminal(o.status), paint: (o, style) => orderStatusPaint(o.status, style),
    },
    customer: { key: 'customer', header: 'Customer', width: 24, isFlexible: true, minWidth: 10, dropPriority: 3, cell: customerName },
    cust_email: { key: 'email', header: 'E-mail', width: 32, isFlexible: true, minWidth: 12, dropPriority: 1, cell: (o) => sanitizeForTerminal(o.cust_email) },
    cust_first_name: { key: 'first', header: 'First name', width: 16, isFlexible: true, minWidth: 8, dropPriority: 3, cell: (o) => sanitizeForTerminal(o.cust_first_name) },
    cust_last_name: { key: 'last', header: 'Last name', width: 16, isFlexible: true, minWidth: 8, dropPriority: 3, cell: (o) => sanitizeForTerminal(o.cust_last_name) },
    submitted_at: {
      key: 'submitted', header: 'Submitted', width: SUBMITTED_FORMS[0], formWidths: SUBMITTED_FORMS, isFlexible: true, minWidth: SUBMITTED_FORMS[2], dropPriority: 5,
      cell: (o) => submittedCell(o.submitted_at, nowMs),
    },
    age: { key: 'age', header: 'Age', align: 'right', width: AGE_WIDTH, dropPriority: 5, cell: (o) => sanitizeForTerminal(formatAge(o.submitted_at, nowMs)) },
    items: { key: 'items', header: 'Items', width: ITEMS_FORMS[0], formWidths: ITEMS_FORMS, isFlexible: true, minWidth: ITEMS_FORMS[1], dropPriority: 4, cell: itemsCell },
    pending: { key: 'pending', header: 'Pending', align: 'right', dropPriority: 4, cell: (o) => pendingCell(o) },
    currency: { key: 'currency', header: 'Cur', width: 3, dropPriority: 2, cell: (o) => sanitizeForTerminal(o.currency) },
    order_id: { key: 'order-id', header: 'Order ID', width: 14, dropPriority: 1, cell: (o) => sanitizeForTerminal(o.order_id) },
  };
}

/** The list's columns in reading order: `names` (a saved view's), else the default ones. */
export function orderColumns(nowMs: number, names: readonly string[] = DEFAULT_COLUMNS): readonly ColumnSpec<ReturnOrder>[] {
  const catalog = orderColumnCatalog(nowMs);
  return names.flatMap((name) => (Object.hasOwn(catalog, name) ? [catalog[name]!] : []));
}
