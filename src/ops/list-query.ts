/**
 * The one reading of list filters as people write them: `list`'s flags, the console's filter
 * panel, its `:` commands and saved views all hand their text here, field by field, and get
 * the filters or an error per field. The interface's own rules (src/api/list-params.ts) in its
 * order of checks (D7), the everyday date forms (src/format/date-input.ts), "did you mean" for
 * a status slip, and order names with or without `#` (src/ops/order-refs.ts). Pure.
 */
import { parseDateTimeToNanos } from '../api/date-time.js';
import { checkDateRange, parseIds, parseLimit, parseOrderNames, parseStatuses, type ListFilters, type ParamError } from '../api/list-params.js';
import { RETURN_ORDER_STATUSES } from '../api/schemas.js';
import { parseDateInput, type DateBound, type DateInputContext } from '../format/date-input.js';
import { didYouMean } from '../format/did-you-mean.js';
import { withNameVariants } from './order-refs.js';

/** The fields, in the interface's order of checks (D7): the first error reported is the first here. */
export const LIST_QUERY_FIELDS = ['limit', 'from', 'to', 'statuses', 'ids', 'names'] as const;
export type ListQueryField = (typeof LIST_QUERY_FIELDS)[number];

/** Each field as typed; an absent (undefined) field is no filter, an empty one is checked as the interface does. */
export type ListQueryText = { readonly [F in ListQueryField]?: string | undefined };

export type ListQueryErrors = Partial<Record<ListQueryField, ParamError>>;

export type ListQuery =
  | { readonly ok: true; readonly filters: ListFilters; readonly limit?: number }
  /** `first`: the field the interface would name first. */
  | { readonly ok: false; readonly errors: ListQueryErrors; readonly first: ListQueryField };

/** Reads every field; the range is checked when both dates read. */
export function readListQuery(text: ListQueryText, dates: DateInputContext): ListQuery {
  const errors: ListQueryErrors = {};
  const limit = text.limit === undefined ? undefined : parseLimit(text.limit);
  if (limit && !limit.ok) errors.limit = limit.error;
  const from = text.from === undefined ? undefined : readDate(text.from, 'from', dates);
  const to = text.to === undefined ? undefined : readDate(text.to, 'to', dates);
  if (from && !from.ok) errors.from = from.error;
  if (to && !to.ok) errors.to = to.error;
  if (from?.ok && to?.ok) {
    const range = checkDateRange(from.nanos, to.nanos);
    // In the dates as read, so "today" and "yesterday" show what they stood for.
    if (range) errors.from = { ...range, message: `${range.message.replace(/\.$/, '')} (from ${from.value}, to ${to.value}).` };
  }
  const statuses = text.statuses === undefined ? undefined : readStatuses(text.statuses);
  if (statuses && !statuses.ok) errors.statuses = statuses.error;
  const ids = text.ids === undefined ? undefined : parseIds(text.ids);
  if (ids && !ids.ok) errors.ids = ids.error;
  const names = text.names === undefined ? undefined : parseOrderNames(text.names);
  if (names && !names.ok) errors.names = names.error;

  const first = LIST_QUERY_FIELDS.find((field) => errors[field] !== undefined);
  if (first !== undefined) return { ok: false, errors, first };
  const filters: ListFilters = {
    ...(statuses?.ok && { statuses: statuses.value }),
    ...(from?.ok && { submittedAtMin: from.value }),
    ...(to?.ok && { submittedAtMax: to.value }),
    ...(ids?.ok && { ids: ids.value }),
    ...(names?.ok && { orderNames: withNameVariants(names.value) }),
  };
  return { ok: true, filters, ...(limit?.ok && { limit: limit.value }) };
}

/** `filters` written back as text, so one field can be changed and the whole read again. */
export function listQueryText(filters: ListFilters): ListQueryText {
  return {
    ...(filters.statuses && { statuses: filters.statuses.join(',') }),
    ...(filters.submittedAtMin !== undefined && { from: filters.submittedAtMin }),
    ...(filters.submittedAtMax !== undefined && { to: filters.submittedAtMax }),
    ...(filters.ids && { ids: filters.ids.join(',') }),
    ...(filters.orderNames && { names: filters.orderNames.join(',') }),
  };
}

/** Statuses with the interface's rules, in the order given; an unknown one gets the closest names. */
function readStatuses(raw: string) {
  const parsed = parseStatuses(raw);
  if (parsed.ok || parsed.error.code !== 'invalid_status_value') return parsed;
  const unknown = raw.split(',').find((s) => !(RETURN_ORDER_STATUSES as readonly string[]).includes(s)) ?? '';
  return { ok: false as const, error: { ...parsed.error, message: parsed.error.message + didYouMean(unknown, RETURN_ORDER_STATUSES) } };
}

type DateRead = { readonly ok: true; readonly value: string; readonly nanos: bigint } | { readonly ok: false; readonly error: ParamError };

/** A from/to bound as the RFC 3339 date-time to send, read in the everyday forms. */
function readDate(raw: string, bound: DateBound, dates: DateInputContext): DateRead {
  const param = bound === 'from' ? 'submitted_at_min' : 'submitted_at_max';
  const parsed = parseDateInput(raw, bound, dates);
  if (!parsed.ok) return { ok: false, error: { code: 'invalid_date_format', param, message: parsed.message } };
  const nanos = parseDateTimeToNanos(parsed.value);
  if (nanos === null) return { ok: false, error: { code: 'invalid_date_format', param, message: `${param} must be an ISO 8601 date-time such as 2026-11-02T09:15:00Z.` } };
  return { ok: true, value: parsed.value, nanos };
}
