/**
 * Dates and ages for people: `submitted_at` in local time ("2026-11-02 10:15") and its
 * age ("3h"). The clock and the time zone are parameters, so output is testable.
 */

/** "2026-11-02 10:15" in `timeZone` (default: the local zone); the input unchanged when it is not a date. */
export function formatLocalDateTime(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  // The local zone from Date's own getters: the same text, without building an
  // Intl.DateTimeFormat (its ICU loading would land in the console's first frame).
  if (timeZone === undefined) return localDateTime(new Date(ms));
  const parts = dateTimeFormat(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * `formatLocalDateTime` without the year ("11-02 10:15"), for a narrow column; a text that is
 * not a date comes back whole (cutting its first five characters would show a wrong value).
 */
export function formatLocalDateTimeShort(iso: string, timeZone?: string): string {
  const full = formatLocalDateTime(iso, timeZone);
  return Number.isNaN(Date.parse(iso)) ? full : full.slice('YYYY-'.length);
}

const two = (n: number) => String(n).padStart(2, '0');

function localDateTime(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

// Building a DateTimeFormat is slow; a listing formats thousands of dates in one zone.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const cached = formats.get(timeZone ?? '');
  if (cached) return cached;
  const format = buildFormat(timeZone);
  formats.set(timeZone ?? '', format);
  return format;
}

function buildFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  try {
    return new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
  } catch {
    // A TZ value Intl does not know (e.g. ":/etc/localtime"): the process's local zone.
    return new Intl.DateTimeFormat('en-CA', options);
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A compact duration: "<1m", "42m", "5h", "3d", "7w", "4mo", "2y". Rounds down, so an
 * order never looks older than it is.
 */
export function formatDuration(ms: number): string {
  const d = Math.max(0, ms);
  if (d < MINUTE) return '<1m';
  if (d < HOUR) return `${Math.floor(d / MINUTE)}m`;
  if (d < 2 * DAY) return `${Math.floor(d / HOUR)}h`;
  if (d < 14 * DAY) return `${Math.floor(d / DAY)}d`;
  if (d < 60 * DAY) return `${Math.floor(d / (7 * DAY))}w`;
  if (d < 365 * DAY) return `${Math.floor(d / (30 * DAY))}mo`;
  return `${Math.floor(d / (365 * DAY))}y`;
}

/** The age of `iso` at `nowMs` ("3h"); "in 5m" for a time in the future (clock skew); "" when not a date. */
export function formatAge(iso: string, nowMs: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return ms > nowMs + MINUTE ? `in ${formatDuration(ms - nowMs)}` : formatDuration(nowMs - ms);
}
