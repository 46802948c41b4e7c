/**
 * The filter panel's fields: their labels and formats, and their text read by the one
 * list-query reader (src/ops/list-query.ts), one error per field out, in the panel's words.
 * The panel shows each error next to its field while the user types. Pure.
 */
import type { ListFilters, ParamError } from '../../../api/list-params.js';
import { DEFAULT_PAGE_SIZE, RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../../../api/schemas.js';
import type { DateInputContext } from '../../../format/date-input.js';
import { readListQuery } from '../../../ops/list-query.js';
import { typedNames } from '../../../ops/order-refs.js';

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
    names: filters.orderNames ? typedNames(filters.orderNames).join(',') : '',
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

/**
 * Checks every field (an empty text field means "no filter") with the one list-query reader
 * (src/ops/list-query.ts) and, when all pass, gives the filters. Statuses come from a fixed
 * checklist, sent in the interface's order. Dates are read with `dates` (clock and zone).
 */
export function checkForm(values: FilterFormValues, dates: DateInputContext): CheckedForm {
  const text = (value: string) => (value.trim() === '' ? undefined : value);
  const statuses = RETURN_ORDER_STATUSES.filter((s) => values.statuses.includes(s));
  const read = readListQuery(
    {
      limit: values.limit,
      from: text(values.from),
      to: text(values.to),
      statuses: statuses.length > 0 ? statuses.join(',') : undefined,
      ids: values.ids === '' ? undefined : values.ids,
      names: values.names === '' ? undefined : values.names,
    },
    dates,
  );
  if (!read.ok) return { errors: read.errors };
  return { errors: {}, result: { filters: read.filters, limit: read.limit ?? DEFAULT_PAGE_SIZE } };
}
