/**
 * The filter panel's fields as pure functions: text in, the interface's rules applied
 * (src/api/list-params.ts), one error per field out. The panel shows each error next to
 * its field while the user types.
 */
import {
  checkDateRange,
  parseDateParam,
  parseIds,
  parseLimit,
  parseOrderNames,
  type ListFilters,
  type ParamError,
} from '../../../api/list-params.js';
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../../../api/schemas.js';
import { parseDateInput, type DateBound, type DateInputContext } from '../../../format/date-input.js';

/** The panel's fields, in the order Tab visits them. */
export const FILTER_FIELDS = ['statuses', 'from', 'to', 'ids', 'names', 'limit'] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Labels and the expected format, shown beside each field. */
export const FIELD_INFO: Record<FilterField, { readonly label: string; readonly format: string }> = {
  statuses: { label: 'Statuses', format: '←/→ move, Space toggles; none = all' },
  from: { label: 'Submitted from', format: '2026-11-02, today, yesterday, 7d/12h/2w ago, or 2026-11-02T09:15:00Z' },
  to: { label: 'Submitted to', format: 'the same forms, inclusive: a date is up to the end of that day' },
  ids: { label: 'Ids', format: 'digits, comma-separated, no spaces: 1001,1002' },
  names: { label: 'Order names', format: 'exact, comma-separated: #N1001,#N1002' },
  limit: { label: 'Page size', format: '1 to 100' },
};

export interface FilterFormValues {
  readonly statuses: readonly ReturnOrderStatus[];
  readonly from: string;
  readonly to: string;
  readonly ids: string;
  readonly names: string;
  readonly limit: string;
}

export type FieldErrors = Partial<Record<FilterField, ParamError>>;

export interface CheckedForm {
  readonly errors: FieldErrors;
  /** Present when no field has an error. */
  readonly result?: { readonly filters: ListFilters; readonly limit: number };
}

/** The form showing `filters` and `limit`. */
export function formFromFilters(filters: ListFilters, limit: number): FilterFormValues {
  return {
    statuses: filters.statuses ?? [],
    from: filters.submittedAtMin ?? '',
    to: filters.submittedAtMax ?? '',
    ids: filters.ids?.join(',') ?? '',
    names: filters.orderNames?.join(',') ?? '',
    limit: String(limit),
  };
}

/** The field a service error's `param` names, if it is one of the panel's. */
export function fieldOfParam(param: string | undefined): FilterField | undefined {
  switch (param) {
    case 'statuses': return 'statuses';
    case 'submitted_at_min': return 'from';
    case 'submitted_at_max': return 'to';
    case 'ids': return 'ids';
    case 'order_names': return 'names';
    case 'limit': return 'limit';
    default: return undefined;
  }
}

/** The interface's names of the panel's fields, as its messages write them. */
const PARAM_NAMES: readonly (readonly [string, FilterField])[] = [
  ['submitted_at_min', 'from'],
  ['submitted_at_max', 'to'],
  ['order_names', 'names'],
  ['statuses', 'statuses'],
  ['limit', 'limit'],
  ['ids', 'ids'],
];

/**
 * `message` with the interface's parameter names written as the panel labels its fields
 * ("submitted_at_min must not be later than submitted_at_max" reads "Submitted from must
 * not be later than Submitted to"). Whole names only; a name that is also a word ("limit")
 * only where a message starts with it, so "the limit" in prose stays.
 */
export function inFieldWords<T extends string>(message: T): T {
  let out: string = message;
  for (const [param, field] of PARAM_NAMES) {
    const where = param.includes('_') ? `(?<![\\w.])${param}` : `^${param}`;
    out = out.replace(new RegExp(`${where}(?![\\w])`, 'g'), FIELD_INFO[field].label);
  }
  return out as T;
}

/** What a field's error says under it: its message in the panel's words. */
export function fieldMessage(error: ParamError): string {
  if (error.code === 'invalid_order_names_format') return `${FIELD_INFO.names.label}: an empty name between commas; write them comma-separated, e.g. #N1001,#N1002.`;
  return inFieldWords(error.message);
}

/** A date field as the RFC 3339 date-time to send, or its error naming the accepted forms. */
function checkDate(text: string, bound: DateBound, dates: DateInputContext): { value?: string; error?: ParamError } {
  if (text.trim() === '') return {};
  const param = bound === 'from' ? 'submitted_at_min' : 'submitted_at_max';
  const parsed = parseDateInput(text, bound, dates);
  return parsed.ok ? { value: parsed.value } : { error: { code: 'invalid_date_format', param, message: parsed.message } };
}

/**
 * Checks every field (an empty text field means "no filter") and, when all pass, gives the
 * filters. Statuses come from a fixed checklist, in the interface's order. Dates are read
 * with `dates` (clock and zone): `7d` becomes the date-time seven days before now.
 */
export function checkForm(values: FilterFormValues, dates: DateInputContext): CheckedForm {
  const errors: FieldErrors = {};
  const fromDate = checkDate(values.from, 'from', dates);
  const toDate = checkDate(values.to, 'to', dates);
  if (fromDate.error) errors.from = fromDate.error;
  if (toDate.error) errors.to = toDate.error;
  const from = fromDate.value === undefined ? undefined : parseDateParam(fromDate.value, 'submitted_at_min');
  const to = toDate.value === undefined ? undefined : parseDateParam(toDate.value, 'submitted_at_max');
  if (from && !from.ok) errors.from = from.error;
  if (to && !to.ok) errors.to = to.error;
  if (from?.ok && to?.ok) {
    const range = checkDateRange(from.value, to.value);
    if (range) errors.from = range;
  }
  const ids = values.ids === '' ? undefined : parseIds(values.ids);
  if (ids && !ids.ok) errors.ids = ids.error;
  const names = values.names === '' ? undefined : parseOrderNames(values.names);
  if (names && !names.ok) errors.names = names.error;
  const limit = parseLimit(values.limit);
  if (!limit.ok) errors.limit = limit.error;

  if (Object.keys(errors).length > 0 || !limit.ok) return { errors };
  const statuses = RETURN_ORDER_STATUSES.filter((s) => values.statuses.includes(s));
  const filters: ListFilters = {
    ...(statuses.length ? { statuses } : {}),
    ...(fromDate.value !== undefined ? { submittedAtMin: fromDate.value } : {}),
    ...(toDate.value !== undefined ? { submittedAtMax: toDate.value } : {}),
    ...(ids?.ok ? { ids: ids.value } : {}),
    ...(names?.ok ? { orderNames: names.value } : {}),
  };
  return { errors, result: { filters, limit: limit.value } };
}
