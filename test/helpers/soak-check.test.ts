import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/local/audit-log.js';
import { checkSoak } from './soak-check.js';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({ time: '2026-11-05T12:00:00.000Z', profile: 'p', action: 'receive', orderId: 1, outcome: 'ok', ...e });
const applied = (id: number, route = 'receive') => ({ route, order_id: id, status: 200, code: null, applied: true });

describe('the soak\'s check', () => {
  it('holds when each applied write has one agreeing outcome, however it was reached', () => {
    const entries = [
      entry({ orderId: 1, outcome: 'sending', writeId: 'a' }),
      entry({ orderId: 1, outcome: 'ok', writeId: 'a' }),
      // Cut off, then read back at the next start.
      entry({ orderId: 2, outcome: 'sending', writeId: 'b' }),
      entry({ orderId: 2, outcome: 'ok', reconciled: 'applied', settles: '2026-11-05T12:00:00.000Z', writeId: 'b' }),
      // Left unknown at a stop, settled later as not applied.
      entry({ orderId: 3, outcome: 'failed', reconciled: 'unknown', writeId: 'c' }),
      entry({ orderId: 3, outcome: 'failed', reconciled: 'not_applied', settles: '2026-11-05T12:00:00.000Z', writeId: 'c' }),
      entry({ orderId: 4, outcome: 'not_done' }),
    ];
    expect(checkSoak(entries, [applied(1), applied(2)]).problems).toEqual([]);
  });

  it('finds a write the service applied that the log does not have, or has twice, or left open', () => {
    expect(checkSoak([], [applied(5)]).problems).toEqual(['receive:5: the sandbox applied it 1 time(s), the activity log says 0']);
    expect(checkSoak([entry({ orderId: 6, writeId: 'x' }), entry({ orderId: 6, writeId: 'y' })], [applied(6)]).problems).toEqual(['receive:6: the sandbox applied it 1 time(s), the activity log says 2']);
    expect(checkSoak([entry({ orderId: 7, outcome: 'sending', writeId: 'z' })], []).problems).toEqual(['receive:7 (z) has no outcome: sending']);
    expect(checkSoak([], [applied(8), applied(8)]).problems).toContain('receive:8 was applied 2 times');
  });
});
