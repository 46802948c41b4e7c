/**
 * The date forms people type for a "submitted from/to" filter, turned into the RFC 3339
 * date-time the interface knows. Shared by `--from`/`--to` and the console's filter panel.
 * The clock and the time zone are parameters, so the answer is testable. Pure.
 *
 * - an RFC 3339 date-time: sent as typed;
 * - `YYYY-MM-DD`: that local day; from its first instant (local midnight) as a lower bound,
 *   to its last second (23:59:59 local) as an upper bound: the interface's bounds are
 *   inclusive and `submitted_at` has whole seconds, so that is exactly "the end of the day";
 * - `today`, `yesterday`: the same for those local days;
 * - `Nh`, `Nd`, `Nw`: N hours, days (24 h) or weeks (7 × 24 h) before now.
 */
import { parseDateTimeToNanos } from '../api/date-time.js';
import { addDays, endOfLocalDay, formatRfc3339, localDateOf, startOfLocalDay, type CalendarDate } from './zone-time.js';

/** Which end of the range a date bounds: `from` takes a day's start, `to` its end. */
export type DateBound = 'from' | 'to';

export interface DateInputContext {
  /** Now, in ms since the epoch. */
  readonly nowMs: number;
  /** An IANA zone for local days, or undefined for the process's own zone. */
  readonly timeZone?: string;
}

export type DateInputResult =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly message: string };

/** The accepted forms, as the error message and help texts name them. */
export const DATE_FORMS_TEXT =
  'a date-time (2026-11-02T09:15:00Z), a date (2026-11-02), today, yesterday, or a time ago (12h, 7d, 2w)';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const AGO = /^(\d{1,6})([hdw])$/;
const UNIT_MS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

function isRealDate(d: CalendarDate): boolean {
  if (d.month < 1 || d.month > 12 || d.day < 1) return false;
  const probe = addDays({ year: d.year, month: d.month, day: 1 }, d.day - 1);
  return probe.month === d.month;
}

function invalid(raw: string): DateInputResult {
  return { ok: false, message: `"${raw}" is not a date. Use ${DATE_FORMS_TEXT}.` };
}

function written(ms: number, context: DateInputContext, raw: string): DateInputResult {
  const value = formatRfc3339(ms, context.timeZone);
  return value === null ? invalid(raw) : { ok: true, value };
}

function dayBound(date: CalendarDate, bound: DateBound, context: DateInputContext, raw: string): DateInputResult {
  const ms = bound === 'from' ? startOfLocalDay(date, context.timeZone) : endOfLocalDay(date, context.timeZone);
  return written(ms, context, raw);
}

/**
 * Turns what a person typed into an RFC 3339 date-time for `submitted_at_min` (`from`) or
 * `submitted_at_max` (`to`); an error message naming the accepted forms otherwise.
 * Surrounding spaces and letter case of the words and units do not matter.
 */
export function parseDateInput(raw: string, bound: DateBound, given: DateInputContext): DateInputResult {
  // The process's zone by name, read now: a cached formatter must not outlive a change of TZ.
  const context = { nowMs: given.nowMs, timeZone: given.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone };
  const text = raw.trim();
  if (parseDateTimeToNanos(text) !== null) return { ok: true, value: text };
  const lower = text.toLowerCase();
  if (lower === 'today' || lower === 'yesterday') {
    const today = localDateOf(context.nowMs, context.timeZone);
    return dayBound(lower === 'today' ? today : addDays(today, -1), bound, context, raw);
  }
  const date = DATE_ONLY.exec(text);
  if (date) {
    const day = { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) };
    return isRealDate(day) ? dayBound(day, bound, context, raw) : invalid(raw);
  }
  const ago = AGO.exec(lower);
  if (ago) {
    const ms = context.nowMs - Number(ago[1]) * UNIT_MS[ago[2]!]!;
    // submitted_at has whole seconds: rounding the bound inwards keeps exactly the same orders.
    const whole = bound === 'from' ? Math.ceil(ms / 1000) * 1000 : Math.floor(ms / 1000) * 1000;
    return written(whole, context, raw);
  }
  return invalid(raw);
}
