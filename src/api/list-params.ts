/**
 * The list endpoint's parameter rules (interface section 4, decisions D7), as pure
 * parsers. The sandbox uses them to answer requests; the client and the console use the
 * same functions to check what a user typed before any request is sent.
 */
import { parseDateTimeToNanos } from './date-time.js';
import { positiveAtMostSource } from './decimal-pattern.js';
import type { ErrorCode } from './error-codes.js';
import { ERROR_CODES } from './error-codes.js';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RETURN_ORDER_STATUSES,
  type ReturnOrderStatus,
} from './schemas.js';

/** The filters of the list endpoint, in the client's vocabulary. */
export interface ListFilters {
  readonly statuses?: readonly ReturnOrderStatus[];
  /** RFC 3339 date-time, inclusive lower bound of submitted_at. */
  readonly submittedAtMin?: string;
  /** RFC 3339 date-time, inclusive upper bound of submitted_at. */
  readonly submittedAtMax?: string;
  readonly ids?: readonly number[];
  readonly orderNames?: readonly string[];
}

/** A validation failure, shaped like the interface's error object. */
export interface ParamError {
  readonly code: ErrorCode;
  readonly param: string;
  readonly message: string;
}

export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: ParamError };

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const fail = (code: ErrorCode, param: string, message: string): ParseResult<never> => ({
  ok: false,
  error: { code, param, message },
});

const STATUS_SET: ReadonlySet<string> = new Set(RETURN_ORDER_STATUSES);

/** D7: an integer 1..100 written in plain digits; absent means the default (50). */
export function parseLimit(raw: string | undefined): ParseResult<number> {
  if (raw === undefined) return ok(DEFAULT_PAGE_SIZE);
  if (/^\d{1,3}$/.test(raw)) {
    const n = Number(raw);
    if (n >= 1 && n <= MAX_PAGE_SIZE) return ok(n);
  }
  return fail(
    'invalid_limit',
    'limit',
    `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, written in digits.`,
  );
}

/** Checks one date parameter (`submitted_at_min` or `submitted_at_max`). */
export function parseDateParam(raw: string, param: string): ParseResult<bigint> {
  const nanos = parseDateTimeToNanos(raw);
  if (nanos === null) {
    return fail(
      'invalid_date_format',
      param,
      `${param} must be an ISO 8601 date-time such as 2026-11-02T09:15:00Z.`,
    );
  }
  return ok(nanos);
}

/** Checks min <= max (equal is valid). */
export function checkDateRange(min: bigint | undefined, max: bigint | undefined): ParamError | null {
  if (min !== undefined && max !== undefined && min > max) {
    return {
      code: 'invalid_date_range',
      param: 'submitted_at_min',
      message: 'submitted_at_min must not be later than submitted_at_max.',
    };
  }
  return null;
}

/** D7: comma-separated statuses, exact lower case, no empty element, no trimming. */
export function parseStatuses(raw: string): ParseResult<ReturnOrderStatus[]> {
  const parts = raw.split(',');
  if (parts.some((p) => p === '')) {
    return fail('invalid_statuses_format', 'statuses', 'statuses has an empty element.');
  }
  const unknown = parts.find((p) => !STATUS_SET.has(p));
  if (unknown !== undefined) {
    return fail(
      'invalid_status_value',
      'statuses',
      `statuses contains an unknown value: "${unknown}". Allowed: ${RETURN_ORDER_STATUSES.join(', ')}.`,
    );
  }
  return ok(parts as ReturnOrderStatus[]);
}

/**
 * D7's one id: plain digits, at most 16 of them, a value from 1 to 2^53-1. The source of a
 * regular expression (no anchors), shared with the OpenAPI document's `ids` pattern.
 */
export const ID_SOURCE = positiveAtMostSource(Number.MAX_SAFE_INTEGER);
const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);

/** D7: comma-separated positive integers in plain digits, up to 2^53-1. */
export function parseIds(raw: string): ParseResult<number[]> {
  const parts = raw.split(',');
  const ids: number[] = [];
  for (const p of parts) {
    if (!ID_PATTERN.test(p)) return failIds();
    ids.push(Number(p));
  }
  return ok(ids);
}

function failIds(): ParseResult<never> {
  return fail(
    'invalid_ids_format',
    'ids',
    'ids must be positive whole numbers separated by commas, without spaces.',
  );
}

/** D7: comma-separated order names, matched exactly; no empty element. */
export function parseOrderNames(raw: string): ParseResult<string[]> {
  const parts = raw.split(',');
  if (parts.some((p) => p === '')) {
    return fail('invalid_order_names_format', 'order_names', 'order_names has an empty element.');
  }
  return ok(parts);
}

/** The raw query of a list request, as strings (a missing parameter is undefined). */
export interface RawListQuery {
  readonly limit?: string;
  readonly cursor?: string;
  readonly submitted_at_min?: string;
  readonly submitted_at_max?: string;
  readonly statuses?: string;
  readonly ids?: string;
  readonly order_names?: string;
}

/** A checked list query. Dates keep their text and also carry their instant. */
export interface ParsedListQuery {
  readonly limit: number;
  readonly cursor?: string;
  readonly filters: ListFilters;
  readonly minNanos?: bigint;
  readonly maxNanos?: bigint;
}

/**
 * Checks a whole list query in D7's order (limit, cursor, submitted_at_min,
 * submitted_at_max, range, statuses, ids, order_names) and reports the first failure.
 * `checkCursor` lets the server verify the cursor at its place in that order; it receives
 * the filters when they are valid, so it can check the cursor's filter binding too.
 */
export function parseListQuery(
  raw: RawListQuery,
  checkCursor?: (cursor: string, filters: ListFilters | null) => ParamError | null,
): ParseResult<ParsedListQuery> {
  const limit = parseLimit(raw.limit);
  if (!limit.ok) return limit;

  // Parse the filters first (without reporting) so the cursor can be checked against them.
  const min = raw.submitted_at_min === undefined ? undefined : parseDateParam(raw.submitted_at_min, 'submitted_at_min');
  const max = raw.submitted_at_max === undefined ? undefined : parseDateParam(raw.submitted_at_max, 'submitted_at_max');
  const range = min?.ok !== false && max?.ok !== false ? checkDateRange(min?.value, max?.value) : null;
  const statuses = raw.statuses === undefined ? undefined : parseStatuses(raw.statuses);
  const ids = raw.ids === undefined ? undefined : parseIds(raw.ids);
  const names = raw.order_names === undefined ? undefined : parseOrderNames(raw.order_names);

  const laterError =
    (min && !min.ok ? min.error : null) ??
    (max && !max.ok ? max.error : null) ??
    range ??
    (statuses && !statuses.ok ? statuses.error : null) ??
    (ids && !ids.ok ? ids.error : null) ??
    (names && !names.ok ? names.error : null);

  const filters: ListFilters | null = laterError
    ? null
    : compactFilters({
        statuses: statuses?.ok ? statuses.value : undefined,
        submittedAtMin: raw.submitted_at_min,
        submittedAtMax: raw.submitted_at_max,
        ids: ids?.ok ? ids.value : undefined,
        orderNames: names?.ok ? names.value : undefined,
      });

  if (raw.cursor !== undefined && checkCursor) {
    const cursorError = checkCursor(raw.cursor, filters);
    if (cursorError) return { ok: false, error: cursorError };
  }
  if (laterError || !filters) return { ok: false, error: laterError! };

  return ok({
    limit: limit.value,
    cursor: raw.cursor,
    filters,
    minNanos: min?.ok ? min.value : undefined,
    maxNanos: max?.ok ? max.value : undefined,
  });
}

function compactFilters(f: ListFilters): ListFilters {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[k] = v;
  return out as ListFilters;
}

/**
 * A canonical string for a filter set: the same filters in any order, with repeats,
 * or with dates written in other zones give the same key. Used to bind cursors to
 * filters and as part of query cache keys.
 */
export function normalizeFilters(filters: ListFilters): string {
  const uniqSorted = <T>(xs: readonly T[] | undefined, cmp?: (a: T, b: T) => number) =>
    xs === undefined ? null : [...new Set(xs)].sort(cmp);
  const instant = (s: string | undefined) => {
    if (s === undefined) return null;
    const n = parseDateTimeToNanos(s);
    return n === null ? s : n.toString();
  };
  return JSON.stringify([
    uniqSorted(filters.statuses),
    instant(filters.submittedAtMin),
    instant(filters.submittedAtMax),
    uniqSorted(filters.ids, (a, b) => a - b),
    uniqSorted(filters.orderNames),
  ]);
}

/** The query parameters for a list request (the client side of the same rules). */
export function toQueryParams(
  filters: ListFilters,
  page: { readonly limit?: number; readonly cursor?: string } = {},
): URLSearchParams {
  const q = new URLSearchParams();
  if (page.limit !== undefined) q.set('limit', String(page.limit));
  if (page.cursor !== undefined) q.set('cursor', page.cursor);
  if (filters.submittedAtMin !== undefined) q.set('submitted_at_min', filters.submittedAtMin);
  if (filters.submittedAtMax !== undefined) q.set('submitted_at_max', filters.submittedAtMax);
  if (filters.statuses?.length) q.set('statuses', filters.statuses.join(','));
  if (filters.ids?.length) q.set('ids', filters.ids.join(','));
  if (filters.orderNames?.length) q.set('order_names', filters.orderNames.join(','));
  return q;
}

/** Checks filters typed by a user (already split into lists) with the interface's rules. */
export function validateFilters(filters: ListFilters): ParamError | null {
  const raw: RawListQuery = Object.fromEntries(toQueryParams(filters).entries());
  // Empty lists are "no filter" for a user; an empty element inside one is still an error.
  if (filters.statuses) {
    const r = parseStatuses(filters.statuses.join(','));
    if (filters.statuses.length && !r.ok) return r.error;
  }
  if (filters.orderNames?.some((n) => n === '')) {
    return { code: 'invalid_order_names_format', param: 'order_names', message: 'order_names has an empty element.' };
  }
  const parsed = parseListQuery(raw);
  return parsed.ok ? null : parsed.error;
}

/** The interface's param for a code, when the code names a fixed one. */
export function defaultParamOf(code: ErrorCode): string | undefined {
  const info = ERROR_CODES[code];
  return 'param' in info ? info.param : undefined;
}
