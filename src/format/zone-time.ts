/**
 * Local calendar days in a time zone, for the date forms people type (`2026-11-17`,
 * `today`): when a local day starts and ends, and an instant written in RFC 3339 with the
 * zone's offset. The zone is a parameter (an IANA name, or undefined for the process's own
 * zone), so every answer is testable under a fixed zone. Pure apart from reading ICU's
 * time zone data.
 */

/** A calendar date (month 1-12). */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// Building an Intl.DateTimeFormat is slow; one per zone is enough.
const formats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
      hourCycle: 'h23', era: 'short',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A TZ value ICU does not know (e.g. ":/etc/localtime"): the process's own zone.
      format = new Intl.DateTimeFormat('en-US', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** Milliseconds since the epoch of a proleptic Gregorian UTC wall time (any year, unlike Date.UTC's 0-99 rule). */
function wallMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

/** The local wall time of instant `ms` (whole seconds), as if it were UTC. */
function localWallMs(ms: number, timeZone: string | undefined): number {
  const parts = zoneFormat(timeZone).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = era === 'BC' || era === 'B' ? 1 - get('year') : get('year');
  return wallMs(year, get('month'), get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at instant `ms`, in ms (east positive; whole seconds). */
export function offsetAt(ms: number, timeZone: string | undefined): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return localWallMs(whole, timeZone) - whole;
}

/** The local calendar date of instant `ms`. */
export function localDateOf(ms: number, timeZone: string | undefined): CalendarDate {
  const wall = new Date(localWallMs(Math.floor(ms / 1000) * 1000, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(wallMs(date.year, date.month, date.day) + days * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const dayNumber = (d: CalendarDate) => wallMs(d.year, d.month, d.day) / DAY_MS;

/** Instants whose local wall time is exactly `wall` (none in a gap, two in a repeated hour), ascending. */
function instantsAtWall(wall: number, timeZone: string | undefined): number[] {
  // Every offset in force within a day of that wall time; real offsets stay within ±15 h.
  const offsets = new Set([-DAY_MS, -HOUR_MS * 12, 0, HOUR_MS * 12, DAY_MS].map((d) => offsetAt(wall + d, timeZone)));
  const exact = [...offsets].map((o) => wall - o).filter((t) => offsetAt(t, timeZone) === wall - t);
  return exact.sort((a, b) => a - b);
}

/**
 * The first instant (ms) of the local day `date`: local midnight, or, where the zone skips
 * midnight (a DST change at 00:00), the moment the day begins after the gap. Where midnight
 * happens twice, the first one.
 */
export function startOfLocalDay(date: CalendarDate, timeZone: string | undefined): number {
  const wall = wallMs(date.year, date.month, date.day);
  const exact = instantsAtWall(wall, timeZone);
  if (exact.length > 0) return exact[0]!;
  // Midnight does not exist: find the first second whose local date is `date`, between the
  // instant read with the largest offset (still the day before) and the smallest (already in the day).
  const offsets = [-DAY_MS, 0, DAY_MS].map((d) => offsetAt(wall + d, timeZone));
  const target = dayNumber(date);
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
  while (hi - lo > 1000) {
    const mid = lo + Math.max(1000, Math.floor((hi - lo) / 2000) * 1000);
    if (dayNumber(localDateOf(mid, timeZone)) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The last whole second (ms) of the local day `date`: one second before the next day
 * starts, or, where the clock goes back across midnight into `date` again, one second
 * before the second midnight. Every instant of `date` is at or before it.
 */
export function endOfLocalDay(date: CalendarDate, timeZone: string | undefined): number {
  const next = addDays(date, 1);
  const target = dayNumber(date);
  const midnights = instantsAtWall(wallMs(next.year, next.month, next.day), timeZone);
  for (const t of midnights.reverse()) {
    if (dayNumber(localDateOf(t - 1000, timeZone)) <= target) return t - 1000;
  }
  return startOfLocalDay(next, timeZone) - 1000;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * Instant `ms` (whole seconds) in RFC 3339 with the zone's offset, e.g.
 * `2026-11-17T00:00:00-05:00`; in UTC (`Z`) when the offset has seconds (historical local
 * mean time), which RFC 3339 cannot write. Null when the year falls outside 0000-9999.
 */
export function formatRfc3339(ms: number, timeZone: string | undefined): string | null {
  const whole = Math.floor(ms / 1000) * 1000;
  let offset = offsetAt(whole, timeZone);
  if (offset % 60_000 !== 0) offset = 0;
  const wall = new Date(whole + offset);
  const year = wall.getUTCFullYear();
  if (year < 0 || year > 9999) return null;
  const zone =
    offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / HOUR_MS))}:${pad((Math.abs(offset) % HOUR_MS) / 60_000)}`;
  return (
    `${pad(year, 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}${zone}`
  );
}
