import { describe, expect, it } from 'vitest';
import { formatAge, formatDuration, formatLocalDateTime } from '../../src/format/dates.js';
import { customerName, itemCounts, itemsSummary } from '../../src/format/order.js';
import { orderStatusPaint } from '../../src/format/status.js';
import { createStyle, isColorEnabled } from '../../src/format/style.js';

describe('dates', () => {
  it('shows submitted_at in the given zone', () => {
    expect(formatLocalDateTime('2026-11-02T09:15:00Z', 'UTC')).toBe('2026-11-02 09:15');
    expect(formatLocalDateTime('2026-11-02T09:15:00Z', 'Europe/Berlin')).toBe('2026-11-02 10:15');
    expect(formatLocalDateTime('2026-11-02T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-03 08:30');
  });

  it('falls back to the local zone for a TZ that Intl does not know, and keeps non-dates', () => {
    expect(formatLocalDateTime('2026-11-02T09:15:00Z', ':/etc/localtime')).toMatch(/^2026-11-0\d \d\d:\d\d$/);
    expect(formatLocalDateTime('not a date', 'UTC')).toBe('not a date');
  });

  it('shows the local zone (Date getters) exactly as Intl shows the same zone, across DST changes', () => {
    const saved = process.env.TZ;
    const start = Date.parse('2026-01-01T00:00:00Z');
    try {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
        process.env.TZ = zone;
        // Every 37 minutes through a year: both DST changes of each zone, every hour of the day.
        for (let ms = start; ms < start + 365 * 24 * 3600_000; ms += 37 * 60_000) {
          const iso = new Date(ms).toISOString();
          expect(formatLocalDateTime(iso)).toBe(formatLocalDateTime(iso, zone));
        }
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('gives compact ages, rounded down', () => {
    const now = Date.parse('2026-11-10T12:00:00Z');
    expect(formatAge('2026-11-10T11:59:30Z', now)).toBe('<1m');
    expect(formatAge('2026-11-10T11:15:00Z', now)).toBe('45m');
    expect(formatAge('2026-11-09T13:00:00Z', now)).toBe('23h');
    expect(formatAge('2026-11-07T12:00:00Z', now)).toBe('3d');
    expect(formatAge('2026-10-10T12:00:00Z', now)).toBe('4w');
    expect(formatAge('2026-11-10T12:10:00Z', now)).toBe('in 10m');
    expect(formatAge('garbage', now)).toBe('');
    expect(formatDuration(400 * 86_400_000)).toBe('1y');
    expect(formatDuration(90 * 86_400_000)).toBe('3mo');
  });
});

describe('order facts', () => {
  const item = (status: 'pending' | 'approved') => ({ id: 1, status, title: 't', quantity: 1, price: '1.00' });

  it('summarises items and says n/a when the service sends none (D4)', () => {
    expect(itemsSummary({ refunds: [item('pending')], exchanges: [item('approved')] })).toBe('1R 1E · 1 pending');
    expect(itemsSummary({ refunds: [item('approved')], exchanges: [] })).toBe('1R 0E');
    expect(itemsSummary({})).toBe('n/a');
    expect(itemCounts({ refunds: [item('pending')] })).toEqual({ refunds: 1, exchanges: 0, pending: 1 });
  });

  it('joins customer names without stray spaces', () => {
    expect(customerName({ cust_first_name: 'Ana', cust_last_name: 'Lima' })).toBe('Ana Lima');
    expect(customerName({ cust_first_name: '', cust_last_name: 'Lima' })).toBe('Lima');
  });
});

describe('colour', () => {
  it('is on only for a terminal without NO_COLOR, --no-color or TERM=dumb', () => {
    expect(isColorEnabled({ env: {}, isTTY: true })).toBe(true);
    expect(isColorEnabled({ env: {}, isTTY: false })).toBe(false);
    expect(isColorEnabled({ env: { NO_COLOR: '1' }, isTTY: true })).toBe(false);
    expect(isColorEnabled({ env: { NO_COLOR: '' }, isTTY: true })).toBe(true);
    expect(isColorEnabled({ env: { TERM: 'dumb' }, isTTY: true })).toBe(false);
    expect(isColorEnabled({ env: {}, isTTY: true, isNoColorFlag: true })).toBe(false);
  });

  it('adds colour around the status word, never instead of it', () => {
    expect(orderStatusPaint('pending', createStyle(true))('pending')).toBe('\u001b[33mpending\u001b[39m');
    expect(orderStatusPaint('pending', createStyle(false))('pending')).toBe('pending');
    expect(orderStatusPaint('brand_new_status', createStyle(true))('brand_new_status')).toBe('brand_new_status');
    // Looked up as an own key only: an unknown status named like an Object member stays plain too.
    for (const status of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(orderStatusPaint(status, createStyle(true))(status)).toBe(status);
  });
});
