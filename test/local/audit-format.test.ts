/**
 * The activity log's entry shape: scans that changed nothing ("scan", order optional) and
 * bulk orders left undone ("not_done") are entries; review and receive still need an order.
 */
import { describe, expect, it } from 'vitest';
import { formatAuditLine, parseAuditLine, type AuditEntry } from '../../src/local/audit-format.js';
import { outcomeText, auditRow } from '../../src/ui/screens/activity-log/audit-rows.js';
import { serializeDraft } from '../../src/local/draft-format.js';
import { KEYS } from '../helpers/fixture.js';

const time = '2026-11-22T04:00:00.000Z';

describe('audit entries', () => {
  it('takes a scan without an order, and one with the order it found', () => {
    const notFound: AuditEntry = { time, profile: 'north', action: 'scan', source: 'scan', scanned: '#N9999', outcome: 'no_change', code: 'not_found' };
    const wrongStatus: AuditEntry = { ...notFound, scanned: '#N1002', orderId: 1002, code: 'wrong_status' };
    for (const entry of [notFound, wrongStatus]) expect(parseAuditLine(formatAuditLine(entry))).toEqual(entry);
    expect(outcomeText(notFound)).toBe('no change not_found');
    expect(auditRow(notFound, 'UTC').slice(1, 5)).toEqual(['scan', 'scan', '"#N9999"', 'no change not_found']);
    expect(auditRow(notFound, 'UTC')[6]).toBe('scanned #N9999');
  });

  it('takes a bulk order left undone', () => {
    const entry: AuditEntry = { time, profile: 'north', orderId: 1001, action: 'receive', source: 'bulk', outcome: 'not_done' };
    expect(parseAuditLine(formatAuditLine(entry))).toEqual(entry);
    expect(outcomeText(entry)).toBe('not done (stopped)');
  });

  it('never writes a key, also one split by a control or zero-width character or URL-encoded', () => {
    const hex = KEYS.north.slice(3);
    const forms = [`${KEYS.north.slice(0, 30)}\u0001${KEYS.north.slice(30)}`, `sk%5F${hex.slice(0, 9)}\u200b${hex.slice(9).toUpperCase()}`];
    for (const form of forms) {
      const line = formatAuditLine({ time, profile: 'north', orderId: 1001, action: 'receive', outcome: 'failed', message: `echo ${form}` });
      expect(line.toLowerCase()).not.toContain(hex.slice(0, 8));
      expect(parseAuditLine(line)?.message?.toLowerCase()).toBe(`echo sk_…${hex.slice(-4)}`);
      const draft = serializeDraft({ version: 1, profile: 'north', orderId: 1001, savedAt: time, decisions: [{ type: 'refund', id: 1, action: 'reject', rejectReason: form }] });
      expect(draft.toLowerCase()).not.toContain(hex.slice(0, 8));
    }
  });

  it('still needs the order of a review or receive', () => {
    const line = JSON.stringify({ time, profile: 'north', action: 'receive', outcome: 'ok' });
    expect(parseAuditLine(line)).toBeUndefined();
    expect(() => formatAuditLine({ time, profile: 'north', action: 'review', outcome: 'ok' })).toThrow();
  });
});
