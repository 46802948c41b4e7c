/**
 * Property tests of the pure list-parameter parsers (src/api/list-params.ts) against D7,
 * each checked with an oracle written here independently of the implementation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateTimeToNanos } from '../../../src/api/date-time.js';
import { normalizeFilters, parseIds, parseLimit, parseOrderNames, parseStatuses } from '../../../src/api/list-params.js';
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus } from '../../../src/api/schemas.js';

const RUNS = { numRuns: 500 };

// ---- an independent RFC 3339 oracle (proleptic Gregorian, no Date) ----
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
/** Days since 1970-01-01 of a civil date (H. Hinnant's algorithm). */
function daysFromCivil(year: number, m: number, d: number): number {
  const y = year - (m <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

interface Parts { y: number; mo: number; d: number; h: number; mi: number; s: number; frac: string; zone: 'Z' | [1 | -1, number, number] }

const validParts: fc.Arbitrary<Parts> = fc
  .record({
    y: fc.integer({ min: 0, max: 9999 }), mo: fc.integer({ min: 1, max: 12 }), dRaw: fc.integer({ min: 1, max: 31 }),
    h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
    frac: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: '' }),
    zone: fc.oneof(fc.constant('Z' as const), fc.tuple(fc.constantFrom(1 as const, -1 as const), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))),
  })
  .map(({ dRaw, ...p }) => ({ ...p, d: Math.min(dRaw, daysIn(p.y, p.mo)) }));

function format(p: Parts): string {
  const zone = p.zone === 'Z' ? 'Z' : `${p.zone[0] === 1 ? '+' : '-'}${pad(p.zone[1])}:${pad(p.zone[2])}`;
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}${p.frac ? `.${p.frac}` : ''}${zone}`;
}

function expectedNanos(p: Parts): bigint {
  const offset = p.zone === 'Z' ? 0 : p.zone[0] * (p.zone[1] * 3600 + p.zone[2] * 60);
  const seconds = daysFromCivil(p.y, p.mo, p.d) * 86_400 + p.h * 3600 + p.mi * 60 + p.s - offset;
  return BigInt(seconds) * 1_000_000_000n + BigInt(p.frac.padEnd(9, '0') || '0');
}

/** The D7 shape, written out again here. */
const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

describe('parseDateTimeToNanos', () => {
  it('gives the instant of every valid RFC 3339 date-time (years 0100-9999, any offset, fractions)', () => {
    fc.assert(fc.property(validParts.filter((p) => p.y >= 100), (p) => {
      expect(parseDateTimeToNanos(format(p))).toBe(expectedNanos(p));
    }), RUNS);
  });

  it('gives the instant of years 0000-0099 too (RFC 3339 full-year is any 4 digits)', () => {
    // Date.UTC maps years 0-99 to 1900-1999; the parser must not inherit that.
    fc.assert(fc.property(validParts.map((p) => ({ ...p, y: p.y % 100, d: Math.min(p.d, daysIn(p.y % 100, p.mo)) })), (p) => {
      expect(parseDateTimeToNanos(format(p))).toBe(expectedNanos(p));
    }), { numRuns: 100 });
    expect(parseDateTimeToNanos('0000-02-29T00:00:00Z')).toBe(expectedNanos({ y: 0, mo: 2, d: 29, h: 0, mi: 0, s: 0, frac: '', zone: 'Z' }));
  });

  it('refuses dates that are not on the calendar or times out of range', () => {
    const broken = fc.oneof(
      validParts.map((p) => ({ ...p, d: daysIn(p.y, p.mo) + 1 })),
      validParts.map((p) => ({ ...p, mo: 13 })),
      validParts.map((p) => ({ ...p, mo: 0 })),
      validParts.map((p) => ({ ...p, d: 0 })),
      validParts.map((p) => ({ ...p, h: 24 })),
      validParts.map((p) => ({ ...p, mi: 60 })),
      validParts.map((p) => ({ ...p, s: 61 })),
    );
    fc.assert(fc.property(broken, (p) => {
      expect(parseDateTimeToNanos(format(p))).toBeNull();
    }), RUNS);
  });

  it('refuses every string not of the D7 shape', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), validParts.map(format).chain((s) =>
      fc.tuple(fc.nat(s.length), fc.string({ maxLength: 2 })).map(([i, ins]) => s.slice(0, i) + ins + s.slice(i + 1))));
    fc.assert(fc.property(text, (s) => {
      if (!SHAPE.test(s)) expect(parseDateTimeToNanos(s)).toBeNull();
    }), RUNS);
  });

  it('the same instant written in another offset gives the same value', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 253_402_300_799 }), fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), (sec, off) => {
      const local = new Date((sec + off * 60) * 1000);
      const sign = off < 0 ? '-' : '+';
      const text = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
      if (local.getUTCFullYear() < 0 || local.getUTCFullYear() > 9999) return;
      expect(parseDateTimeToNanos(text)).toBe(BigInt(sec) * 1_000_000_000n);
    }), RUNS);
  });
});

describe('parseLimit', () => {
  it('accepts exactly the integers 1..100 written in digits', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
      expect(parseLimit(String(n))).toEqual({ ok: true, value: n });
    }), RUNS);
  });

  it('refuses every other integer and every non-digit string with invalid_limit', () => {
    const bad = fc.oneof(
      fc.integer({ min: -1_000_000, max: 0 }).map(String),
      fc.integer({ min: 101, max: 10_000_000 }).map(String),
      fc.string().filter((s) => !/^\d+$/.test(s)),
      fc.float({ noNaN: true }).map(String).filter((s) => !/^\d+$/.test(s)),
    );
    fc.assert(fc.property(bad, (s) => {
      const r = parseLimit(s);
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.code, r.error.param]).toEqual(['invalid_limit', 'limit']);
    }), RUNS);
  });

  it('whatever it accepts is a digit string whose value is 1..100', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{1,5}$/)), (s) => {
      const r = parseLimit(s);
      if (r.ok) expect([/^\d+$/.test(s), r.value === Number(s), r.value >= 1 && r.value <= 100]).toEqual([true, true, true]);
    }), RUNS);
  });

  it('absent means 50', () => {
    expect(parseLimit(undefined)).toEqual({ ok: true, value: 50 });
  });
});

const status = fc.constantFrom(...RETURN_ORDER_STATUSES);
const noComma = (min = 1) => fc.string({ unit: 'grapheme', minLength: min, maxLength: 12 }).filter((s) => !s.includes(','));

describe('parseStatuses', () => {
  it('accepts any non-empty list of listed statuses, repeats included, keeping the order', () => {
    fc.assert(fc.property(fc.array(status, { minLength: 1, maxLength: 15 }), (list) => {
      expect(parseStatuses(list.join(','))).toEqual({ ok: true, value: list });
    }), RUNS);
  });

  it('an empty element (and no unknown one) → invalid_statuses_format', () => {
    fc.assert(fc.property(fc.array(status, { maxLength: 6 }), fc.nat(), (list, at) => {
      const withEmpty = [...list];
      withEmpty.splice(at % (list.length + 1), 0, '' as ReturnOrderStatus);
      const r = parseStatuses(withEmpty.join(','));
      expect(r.ok ? 'ok' : `${r.error.code}:${r.error.param}`).toBe('invalid_statuses_format:statuses');
    }), RUNS);
  });

  it('an unknown element (padded, other case, hidden or arbitrary) → invalid_status_value', () => {
    const unknown = fc.oneof(
      status.map((s) => ` ${s}`), status.map((s) => `${s} `), status.map((s) => s.toUpperCase()),
      fc.constantFrom('draft', 'cancelled'), noComma().filter((s) => !(RETURN_ORDER_STATUSES as readonly string[]).includes(s)),
    );
    fc.assert(fc.property(fc.array(status, { maxLength: 6 }), unknown, fc.nat(), (list, bad, at) => {
      const mixed: string[] = [...list];
      mixed.splice(at % (list.length + 1), 0, bad);
      const r = parseStatuses(mixed.join(','));
      expect(r.ok ? 'ok' : `${r.error.code}:${r.error.param}`).toBe('invalid_status_value:statuses');
    }), RUNS);
  });
});

const safeId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('parseIds', () => {
  it('accepts any non-empty list of positive safe integers in plain digits', () => {
    fc.assert(fc.property(fc.array(safeId, { minLength: 1, maxLength: 20 }), (ids) => {
      expect(parseIds(ids.join(','))).toEqual({ ok: true, value: ids });
    }), RUNS);
  });

  it('any malformed element → invalid_ids_format', () => {
    const bad = fc.oneof(
      fc.constantFrom('', '0', '-1', '+1', '1.5', '1e3', '0x1f', ' 1', '1 ', '9007199254740992', '１'),
      fc.bigInt({ min: 2n ** 53n, max: 10n ** 30n }).map(String),
      safeId.map((n) => `-${n}`),
      noComma().filter((s) => !/^\d+$/.test(s)),
    );
    fc.assert(fc.property(fc.array(safeId, { maxLength: 6 }), bad, fc.nat(), (ids, el, at) => {
      const parts = ids.map(String);
      parts.splice(at % (parts.length + 1), 0, el);
      const r = parseIds(parts.join(','));
      expect(r.ok ? 'ok' : `${r.error.code}:${r.error.param}`).toBe('invalid_ids_format:ids');
    }), RUNS);
  });
});

describe('parseOrderNames', () => {
  it('accepts any list of non-empty names without commas, unchanged (no trimming, no case folding)', () => {
    fc.assert(fc.property(fc.array(noComma(), { minLength: 1, maxLength: 10 }), (names) => {
      expect(parseOrderNames(names.join(','))).toEqual({ ok: true, value: names });
    }), RUNS);
  });

  it('an empty element → invalid_order_names_format', () => {
    fc.assert(fc.property(fc.array(noComma(), { maxLength: 6 }), fc.nat(), (names, at) => {
      const parts = [...names];
      parts.splice(at % (parts.length + 1), 0, '');
      const r = parseOrderNames(parts.join(','));
      expect(r.ok ? 'ok' : `${r.error.code}:${r.error.param}`).toBe('invalid_order_names_format:order_names');
    }), RUNS);
  });
});

describe('normalizeFilters', () => {
  const filters = fc.record({
    statuses: fc.option(fc.uniqueArray(status, { minLength: 1 }), { nil: undefined }),
    ids: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 8 }), { nil: undefined }),
    orderNames: fc.option(fc.uniqueArray(noComma(), { minLength: 1, maxLength: 5 }), { nil: undefined }),
    minSec: fc.option(fc.integer({ min: 0, max: 4e9 }), { nil: undefined }),
    maxSec: fc.option(fc.integer({ min: 0, max: 4e9 }), { nil: undefined }),
  });
  const isoZ = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');
  const isoPlus2 = (sec: number) => `${new Date((sec + 7200) * 1000).toISOString().slice(0, 19)}+02:00`;
  interface F { statuses?: ReturnOrderStatus[]; ids?: number[]; orderNames?: string[]; minSec?: number; maxSec?: number }
  const build = (f: F, shuffle: <T>(xs: T[]) => T[], dup: boolean, zone: (sec: number) => string) => ({
    statuses: f.statuses && shuffle(dup ? [...f.statuses, ...f.statuses] : f.statuses),
    ids: f.ids && shuffle(dup ? [...f.ids, f.ids[0]!] : f.ids),
    orderNames: f.orderNames && shuffle(dup ? [...f.orderNames, ...f.orderNames] : f.orderNames),
    submittedAtMin: f.minSec === undefined ? undefined : zone(f.minSec),
    submittedAtMax: f.maxSec === undefined ? undefined : zone(f.maxSec),
  });

  it('is invariant under reordering, repetition and writing the dates in another offset', () => {
    fc.assert(fc.property(filters, fc.integer(), (f, seed) => {
      let s = seed;
      const shuffle = <T>(xs: T[]): T[] => [...xs].sort(() => ((s = (s * 1_103_515_245 + 12_345) | 0) & 1) - 0.5);
      const keep = <T>(xs: T[]): T[] => xs;
      expect(normalizeFilters(build(f, shuffle, true, isoPlus2))).toBe(normalizeFilters(build(f, keep, false, isoZ)));
    }), RUNS);
  });

  it('tells different filter sets apart', () => {
    fc.assert(fc.property(filters, filters, (a, b) => {
      const same = JSON.stringify([a.statuses?.slice().sort(), a.ids?.slice().sort(), a.orderNames?.slice().sort(), a.minSec, a.maxSec])
        === JSON.stringify([b.statuses?.slice().sort(), b.ids?.slice().sort(), b.orderNames?.slice().sort(), b.minSec, b.maxSec]);
      const keep = <T>(xs: T[]): T[] => xs;
      expect(normalizeFilters(build(a, keep, false, isoZ)) === normalizeFilters(build(b, keep, false, isoZ))).toBe(same);
    }), RUNS);
  });
});
