/** RFC 3339 date-times as the interface takes them (`submitted_at_min`/`_max`), read exactly (pure). */

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Date.UTC maps years 0-99 to 1900-1999; this does not (proleptic Gregorian, any 4-digit year). */
function utcMs(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month, 0)).getUTCDate();
}

/**
 * Parses an RFC 3339 date-time (`YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`, a real
 * calendar date and time) into nanoseconds since the epoch, or null when it is not one.
 */
export function parseDateTimeToNanos(raw: string): bigint | null {
  const m = DATE_TIME.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const offH = Number(oh);
    const offM = Number(om);
    if (offH > 23 || offM > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (offH * 60 + offM);
  }
  const epochSeconds =
    utcMs(year, month - 1, day, hour, minute, second) / 1000 - offsetMinutes * 60;
  const nanos = BigInt((frac ?? '').padEnd(9, '0'));
  return BigInt(epochSeconds) * 1_000_000_000n + nanos;
}
