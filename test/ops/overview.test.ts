/**
 * The overview's figures as pure functions (src/ops/overview.ts): age groups and their
 * boundaries, the oldest pending order, activity per local hour of one profile only, the
 * "5,000+" form of a capped count. No I/O.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/local/audit-format.js';
import {
  activityByHour,
  activityWindowStart,
  ageBucketOf,
  bucketPendingByAge,
  buildOverview,
  formatCount,
  oldestPending,
  statusCountRecord,
} from '../../src/ops/overview.js';
import { addDays, localDateOf, startOfLocalDay } from '../../src/format/zone-time.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-20T10:30:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const pending = (id: number, ageMs: number) => ({ id, orderName: `#N${id}`, submittedAt: iso(NOW - ageMs) });

describe('pending orders by age', () => {
  it('puts each boundary in the older group (lower bounds are inclusive)', () => {
    expect(ageBucketOf(NOW - (DAY - 1000), NOW)).toBe('under_1d');
    expect(ageBucketOf(NOW - DAY, NOW)).toBe('1_3d');
    expect(ageBucketOf(NOW - 3 * DAY, NOW)).toBe('3_7d');
    expect(ageBucketOf(NOW - 7 * DAY, NOW)).toBe('7_14d');
    expect(ageBucketOf(NOW - 14 * DAY + 1000, NOW)).toBe('7_14d');
    expect(ageBucketOf(NOW - 14 * DAY, NOW)).toBe('over_14d');
    // A submission "in the future" (clock skew) is simply new.
    expect(ageBucketOf(NOW + HOUR, NOW)).toBe('under_1d');
  });

  it('counts every group, in order, with empty ones kept', () => {
    const orders = [pending(1, HOUR), pending(2, 2 * HOUR), pending(3, 2 * DAY), pending(4, 20 * DAY), pending(5, 100 * DAY)];
    expect(bucketPendingByAge(orders, NOW).map((b) => [b.key, b.count])).toEqual([
      ['under_1d', 2], ['1_3d', 1], ['3_7d', 0], ['7_14d', 0], ['over_14d', 2],
    ]);
  });

  it('finds the oldest pending order by submission time, not by id', () => {
    const orders = [pending(9, 5 * DAY), pending(3, HOUR), pending(12, 30 * DAY), pending(11, 30 * DAY)];
    expect(oldestPending(orders)).toEqual(pending(11, 30 * DAY));
    expect(oldestPending([])).toBeNull();
  });
});

describe('counts', () => {
  it('writes thousands with separators and a capped count with "+"', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(5000, true)).toBe('5,000+');
  });

  it('gives scripts every status, absent ones as 0', () => {
    const record = statusCountRecord([{ status: 'pending', count: 5000, isCapped: true }]);
    expect(Object.keys(record)).toHaveLength(12);
    expect(record.pending).toEqual({ count: 5000, is_capped: true });
    expect(record.archived).toEqual({ count: 0, is_capped: false });
  });
});

describe('activity per hour', () => {
  const entry = (time: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({ time, profile: 'north', orderId: 1, action: 'review', outcome: 'ok', ...extra });

  it('counts decisions and receipts of this profile per local hour, today and yesterday', () => {
    const entries = [
      entry('2026-11-20T09:05:00.000Z'),
      entry('2026-11-20T09:59:59.000Z', { outcome: 'already_applied' }),
      entry('2026-11-20T10:01:00.000Z', { action: 'receive' }),
      entry('2026-11-19T23:30:00.000Z', { action: 'receive' }),
      entry('2026-11-19T00:00:00.000Z'),
      // Not activity: another profile, a failure, a stopped run, a scan, a removed draft, the day before yesterday.
      entry('2026-11-20T09:10:00.000Z', { profile: 'south' }),
      entry('2026-11-20T09:11:00.000Z', { outcome: 'failed', code: 'invalid_state_transition' }),
      entry('2026-11-20T09:12:00.000Z', { action: 'receive', outcome: 'not_done' }),
      entry('2026-11-20T09:13:00.000Z', { action: 'scan', outcome: 'no_change', code: 'not_found' }),
      entry('2026-11-20T09:14:00.000Z', { action: 'draft', outcome: 'discarded' }),
      entry('2026-11-18T23:59:59.000Z'),
    ];
    const { today, yesterday } = activityByHour(entries, { stateName: 'north', nowMs: NOW, timeZone: 'UTC' });
    expect(today.date).toBe('2026-11-20');
    expect(today.hours).toHaveLength(24);
    expect(today.hours[9]).toEqual({ hour: 9, decisions: 2, receipts: 0 });
    expect(today.hours[10]).toEqual({ hour: 10, decisions: 0, receipts: 1 });
    expect([today.decisions, today.receipts]).toEqual([2, 1]);
    expect(yesterday.date).toBe('2026-11-19');
    expect(yesterday.hours[0]).toEqual({ hour: 0, decisions: 1, receipts: 0 });
    expect(yesterday.hours[23]).toEqual({ hour: 23, decisions: 0, receipts: 1 });
    expect([yesterday.decisions, yesterday.receipts]).toEqual([1, 1]);
  });

  it('uses the local day and hour of the time zone', () => {
    // 23:30 UTC on the 19th is 18:30 on the 19th in New York; 03:00 UTC on the 20th is 22:00 on the 19th.
    const entries = [entry('2026-11-19T23:30:00.000Z'), entry('2026-11-20T03:00:00.000Z', { action: 'receive' })];
    const { today, yesterday } = activityByHour(entries, { stateName: 'north', nowMs: NOW, timeZone: 'America/New_York' });
    expect(today.date).toBe('2026-11-20');
    expect(today.decisions + today.receipts).toBe(0);
    expect(yesterday.hours[18]!.decisions).toBe(1);
    expect(yesterday.hours[22]!.receipts).toBe(1);
  });

  it('reads the log back far enough for all of yesterday, in any zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin']) {
      const yesterdayStarts = startOfLocalDay(addDays(localDateOf(NOW, zone), -1), zone);
      const start = activityWindowStart(NOW, zone);
      expect(start).toBeLessThanOrEqual(yesterdayStarts);
      expect(yesterdayStarts - start).toBeLessThanOrEqual(3 * HOUR);
    }
  });
});

describe('the figures together', () => {
  it('marks the ages as partial when the pending count stopped at the cap', () => {
    const figures = buildOverview({
      profile: 'north',
      stateName: 'north',
      cap: 2,
      nowMs: NOW,
      timeZone: 'UTC',
      statuses: [{ status: 'pending', count: 2, isCapped: true }],
      pending: [pending(1, HOUR), pending(2, 3 * DAY)],
      entries: [],
    });
    expect(figures.isPendingPartial).toBe(true);
    expect(figures.takenAt).toBe(NOW);
    expect(figures.oldestPending?.id).toBe(2);
    expect(figures.pendingByAge.reduce((n, b) => n + b.count, 0)).toBe(2);
  });
});
