/**
 * Filters as people type them, shared by the commands' flags, the console's command line
 * and saved views: statuses with "did you mean" for a slip, and a submitted from/to bound in
 * the everyday date forms, checked against the other bound. Pure.
 */
import { parseDateTimeToNanos } from '../api/date-time.js';
import { checkDateRange, parseStatuses, type ListFilters, type ParseResult } from '../api/list-params.js';
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../api/schemas.js';
import { parseDateInput, type DateBound, type DateInputContext } from '../format/date-input.js';
import { didYouMean } from '../format/did-you-mean.js';

/** Comma-separated statuses with the interface's rules; an unknown one gets the closest names. */
export function parseStatusList(raw: string): ParseResult<ReturnOrderStatus[]> {
  const parsed = parseStatuses(raw);
  if (parsed.ok || parsed.error.code !== 'invalid_status_value') return parsed;
  const unknown = raw.split(',').find((s) => !(RETURN_ORDER_STATUSES as readonly string[]).includes(s)) ?? '';
  return { ok: false, error: { ...parsed.error, message: parsed.error.message + didYouMean(unknown, RETURN_ORDER_STATUSES) } };
}

export type BoundResult = { readonly ok: true; readonly filters: ListFilters } | { readonly ok: false; readonly message: string };

/**
 * `filters` with its `from` (submitted_at_min) or `to` (submitted_at_max) bound set from what
 * a person typed (see date-input.ts), or why not: not a date, or after/before the other bound.
 */
export function withDateBound(filters: ListFilters, bound: DateBound, raw: string, dates: DateInputContext): BoundResult {
  const parsed = parseDateInput(raw, bound, dates);
  if (!parsed.ok) return parsed;
  const next: ListFilters = bound === 'from' ? { ...filters, submittedAtMin: parsed.value } : { ...filters, submittedAtMax: parsed.value };
  const nanos = (value: string | undefined) => (value === undefined ? undefined : (parseDateTimeToNanos(value) ?? undefined));
  const range = checkDateRange(nanos(next.submittedAtMin), nanos(next.submittedAtMax));
  if (range) return { ok: false, message: `from ${next.submittedAtMin} is later than to ${next.submittedAtMax}.` };
  return { ok: true, filters: next };
}
