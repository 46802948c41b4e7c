/**
 * The fields `list` can show (`--fields`), one table for the terminal table, TSV and CSV.
 * Raw fields are keys of the service's objects and may also select keys in --json and
 * --ndjson; computed ones (customer, age, items, pending) exist only for display.
 */
import type { ReturnOrder } from '../../../api/schemas.js';
import { formatAge, formatLocalDateTime } from '../../../format/dates.js';
import { customerName, itemCounts, itemsSummary } from '../../../format/order.js';
import type { ColumnSpec } from '../../../format/table.js';

export interface FieldContext {
  readonly nowMs: number;
  /** Terminal table: local times; otherwise the service's raw values. */
  readonly isHuman: boolean;
  readonly timeZone?: string;
}

export interface ListField {
  readonly name: string;
  readonly description: string;
  /** A key of the service's return order objects (usable with --json/--ndjson). */
  readonly isRaw: boolean;
  /** Usable in the table, TSV and CSV. */
  readonly isDisplayable: boolean;
  readonly column: ColumnSpec;
  readonly value: (order: ReturnOrder, ctx: FieldContext) => string;
}

const raw = (name: keyof ReturnOrder & string, description: string, column: ColumnSpec): ListField => ({
  name,
  description,
  isRaw: true,
  isDisplayable: true,
  column,
  value: (o) => String(o[name] ?? ''),
});

export const LIST_FIELDS: readonly ListField[] = [
  { ...raw('id', 'Return order id', { header: 'ID', align: 'right' }), value: (o) => String(o.id) },
  raw('order_name', 'Name of the original order', { header: 'ORDER', isFlexible: true, minWidth: 8 }),
  raw('status', 'Status', { header: 'STATUS' }),
  {
    name: 'customer',
    description: 'Customer first and last name',
    isRaw: false,
    isDisplayable: true,
    column: { header: 'CUSTOMER', isFlexible: true, minWidth: 8, dropPriority: 7 },
    value: (o) => customerName(o),
  },
  raw('cust_email', 'Customer e-mail', { header: 'EMAIL', isFlexible: true, minWidth: 10, dropPriority: 3 }),
  raw('cust_first_name', 'Customer first name', { header: 'FIRST NAME', isFlexible: true, dropPriority: 3 }),
  raw('cust_last_name', 'Customer last name', { header: 'LAST NAME', isFlexible: true, dropPriority: 3 }),
  {
    ...raw('submitted_at', 'Submitted (local time on a terminal, else as sent)', { header: 'SUBMITTED', dropPriority: 5 }),
    value: (o, ctx) => (ctx.isHuman ? formatLocalDateTime(o.submitted_at, ctx.timeZone) : o.submitted_at),
  },
  {
    name: 'age',
    description: 'Time since submission, e.g. 3h, 2d',
    isRaw: false,
    isDisplayable: true,
    column: { header: 'AGE', align: 'right', dropPriority: 6 },
    value: (o, ctx) => formatAge(o.submitted_at, ctx.nowMs),
  },
  {
    name: 'items',
    description: 'Refund (R) and exchange (E) item counts and how many are pending',
    isRaw: false,
    isDisplayable: true,
    column: { header: 'ITEMS', dropPriority: 4 },
    value: (o) => itemsSummary(o),
  },
  {
    name: 'pending',
    description: 'Number of pending items (n/a when the service sends no items)',
    isRaw: false,
    isDisplayable: true,
    column: { header: 'PENDING', align: 'right', dropPriority: 4 },
    value: (o) => String(itemCounts(o)?.pending ?? 'n/a'),
  },
  raw('currency', 'Currency code', { header: 'CUR', dropPriority: 2 }),
  raw('order_id', 'Id of the original order', { header: 'ORDER ID', dropPriority: 1 }),
  {
    name: 'refunds',
    description: 'Refund items (JSON output only)',
    isRaw: true,
    isDisplayable: false,
    column: { header: 'REFUNDS' },
    value: () => '',
  },
  {
    name: 'exchanges',
    description: 'Exchange items (JSON output only)',
    isRaw: true,
    isDisplayable: false,
    column: { header: 'EXCHANGES' },
    value: () => '',
  },
];

/** Columns shown when --fields is not given. */
export const DEFAULT_FIELDS = ['id', 'order_name', 'status', 'customer', 'cust_email', 'submitted_at', 'age', 'items', 'currency'];

/** Looks up fields for a mode; returns the unknown or unusable name when there is one. */
export function selectFields(
  names: readonly string[],
  isJson: boolean,
): { readonly ok: true; readonly fields: ListField[] } | { readonly ok: false; readonly name: string; readonly allowed: string[] } {
  const usable = LIST_FIELDS.filter((f) => (isJson ? f.isRaw : f.isDisplayable));
  const fields: ListField[] = [];
  for (const name of names) {
    const field = usable.find((f) => f.name === name);
    if (!field) return { ok: false, name, allowed: usable.map((f) => f.name) };
    if (!fields.includes(field)) fields.push(field);
  }
  return { ok: true, fields };
}
