/**
 * The date forms people type, against an independent oracle: a brute-force walk over the
 * minutes around a day, reading each minute's local date with a different ICU formatter
 * (sv-SE `format`, not en-US `formatToParts`) and no offset arithmetic. Fixed clocks and
 * zones chosen for their DST rules: New York (02:00 changes), Kolkata (no DST, +05:30),
 * Chatham (+12:45/+13:45), Santiago (clocks skip midnight), Beirut (clocks go back at
 * midnight into the day before), Havana (midnight happens twice), Lord Howe (30-minute DST).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDateTimeToNanos } from '../../src/api/date-time.js';
import { DATE_FORMS_TEXT, parseDateInput } from '../../src/format/date-input.js';

const ZONES = [
  'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago', 'Asia/Beirut',
  'America/Havana', 'Australia/Lord_Howe',
] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const oracleFormats = new Map<string, Intl.DateTimeFormat>();
/** "2026-11-17 00:00:00": the local wall time of `ms` by the oracle's own formatter. */
function oracleWall(ms: number, zone: string): string {
  let f = oracleFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    oracleFormats.set(zone, f);
  }
  return f.format(ms);
}
const oracleDate = (ms: number, zone: string) => oracleWall(ms, zone).slice(0, 10);

/** The first and last second of local day `day` ("YYYY-MM-DD"), by walking minute by minute (tz changes fall on whole minutes). */
function oracleDay(day: string, zone: string): { start: number; end: number } {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let start = NaN;
  let end = NaN;
  for (let t = utcMidnight - 16 * HOUR; t <= utcMidnight + 40 * HOUR; t += MINUTE) {
    if (oracleDate(t, zone) === day) {
      if (Number.isNaN(start)) start = t;
      end = t + 59_000;
    }
  }
  return { start, end };
}

/** The wall time and offset written in an RFC 3339 string must name the same instant the oracle sees. */
function expectWrittenLocally(value: string, zone: string): void {
  expect(parseDateTimeToNanos(value)).not.toBeNull();
  const ms = Date.parse(value);
  if (!value.endsWith('Z')) expect(value.slice(0, 19).replace('T', ' ')).toBe(oracleWall(ms, zone));
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

// Days near DST changes are where "local midnight" is hard; plus any day from 1971 to 2099.
const KNOWN_HARD_DAYS = [
  '2026-03-08', '2026-11-01', '2026-09-06', '2026-09-05', '2026-04-05', '2026-10-24', '2026-10-25',
  '2026-03-29', '2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2026-09-27', '2024-09-08', '2022-09-11',
];
const anyDay = fc.oneof(
  fc.constantFrom(...KNOWN_HARD_DAYS),
  fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-30T00:00:00Z'), noInvalidDate: true }).map(isoDay),
);
const anyZone = fc.constantFrom(...ZONES);
const anyNow = fc.integer({ min: Date.parse('1975-01-01T00:00:00Z'), max: Date.parse('2095-01-01T00:00:00Z') });

describe('parseDateInput: a date is a local day', () => {
  it('from a date is the first second of that local day, to is its last (property, oracle)', () => {
    fc.assert(
      fc.property(anyDay, anyZone, (day, zone) => {
        const want = oracleDay(day, zone);
        const from = parseDateInput(day, 'from', { nowMs: 0, timeZone: zone });
        const to = parseDateInput(day, 'to', { nowMs: 0, timeZone: zone });
        if (!from.ok || !to.ok) throw new Error(`refused ${day}`);
        expect(Date.parse(from.value)).toBe(want.start);
        expect(Date.parse(to.value)).toBe(want.end);
        expectWrittenLocally(from.value, zone);
        expectWrittenLocally(to.value, zone);
      }),
      { numRuns: 150 },
    );
  });

  it('today and yesterday are the local days of now and the day before (property, oracle)', () => {
    fc.assert(
      fc.property(anyNow, anyZone, (nowMs, zone) => {
        const today = oracleDate(nowMs, zone);
        const yesterday = isoDay(new Date(Date.parse(`${today}T00:00:00Z`) - 24 * HOUR));
        for (const [word, day] of [['today', today], ['Yesterday', yesterday]] as const) {
          const want = oracleDay(day, zone);
          const from = parseDateInput(word, 'from', { nowMs, timeZone: zone });
          const to = parseDateInput(` ${word} `, 'to', { nowMs, timeZone: zone });
          if (!from.ok || !to.ok) throw new Error(`refused ${word}`);
          expect([Date.parse(from.value), Date.parse(to.value)]).toEqual([want.start, want.end]);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('knows the hard cases by name', () => {
    const at = (raw: string, bound: 'from' | 'to', timeZone: string) => parseDateInput(raw, bound, { nowMs: 0, timeZone });
    // Santiago skips 00:00 on 2026-09-06: the day starts at 01:00 (-03:00).
    expect(at('2026-09-06', 'from', 'America/Santiago')).toEqual({ ok: true, value: '2026-09-06T01:00:00-03:00' });
    expect(at('2026-09-05', 'to', 'America/Santiago')).toEqual({ ok: true, value: '2026-09-05T23:59:59-04:00' });
    // Beirut goes back at midnight to 23:00 of the 24th: that hour happens twice, the 24th ends after the second.
    expect(at('2026-10-24', 'to', 'Asia/Beirut')).toEqual({ ok: true, value: '2026-10-24T23:59:59+02:00' });
    expect(at('2026-10-25', 'from', 'Asia/Beirut')).toEqual({ ok: true, value: '2026-10-25T00:00:00+02:00' });
    expect(at('2026-11-17', 'from', 'Pacific/Chatham')).toEqual({ ok: true, value: '2026-11-17T00:00:00+13:45' });
    expect(at('2026-11-17', 'to', 'Asia/Kolkata')).toEqual({ ok: true, value: '2026-11-17T23:59:59+05:30' });
  });
});

describe('parseDateInput: a time ago, a date-time, and junk', () => {
  it('Nh, Nd and Nw are that long before now, rounded inwards to whole seconds (property)', () => {
    const unit = { h: HOUR, d: 24 * HOUR, w: 7 * 24 * HOUR } as const;
    fc.assert(
      fc.property(anyNow, fc.integer({ min: 0, max: 999 }), fc.constantFrom('h', 'd', 'w', 'H', 'D', 'W'), anyZone, (nowMs, n, u, zone) => {
        const exact = nowMs - n * unit[u.toLowerCase() as keyof typeof unit];
        const from = parseDateInput(`${n}${u}`, 'from', { nowMs, timeZone: zone });
        const to = parseDateInput(`${n}${u}`, 'to', { nowMs, timeZone: zone });
        if (!from.ok || !to.ok) throw new Error('refused');
        expect(Date.parse(from.value)).toBe(Math.ceil(exact / 1000) * 1000);
        expect(Date.parse(to.value)).toBe(Math.floor(exact / 1000) * 1000);
        expectWrittenLocally(from.value, zone);
      }),
      { numRuns: 200 },
    );
  });

  it('sends an RFC 3339 date-time as typed', () => {
    for (const raw of ['2026-11-02T09:15:00Z', '2026-11-02T10:15:00+01:00', '2026-11-02T09:15:00.123456Z']) {
      expect(parseDateInput(raw, 'to', { nowMs: 0, timeZone: 'Asia/Kolkata' })).toEqual({ ok: true, value: raw });
    }
  });

  it('refuses anything else, naming every accepted form', () => {
    for (const raw of ['junk', '7', 'd7', '7m', '7 d', '-7d', '2026-02-30', '2026-13-01', '2026-11-2', '2026-11-02T09:15', 'tomorrow', '']) {
      const r = parseDateInput(raw, 'from', { nowMs: 0, timeZone: 'UTC' });
      expect(r).toEqual({ ok: false, message: `"${raw}" is not a date. Use ${DATE_FORMS_TEXT}.` });
    }
    expect(DATE_FORMS_TEXT).toMatch(/2026-11-02T09:15:00Z.*2026-11-02.*today.*yesterday.*12h.*7d.*2w/);
  });

  it('uses the process zone when none is given, following TZ', () => {
    const saved = process.env.TZ;
    try {
      for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
        process.env.TZ = zone;
        const r = parseDateInput('2026-11-17', 'from', { nowMs: 0 });
        expect(r).toEqual(parseDateInput('2026-11-17', 'from', { nowMs: 0, timeZone: zone }));
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
