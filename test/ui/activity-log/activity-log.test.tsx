import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Text } from 'ink';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/api/client/index.js';
import { appendAudit, type AuditEntry } from '../../../src/local/audit-log.js';
import { activityLogReducer, initialActivityLogState } from '../../../src/ui/screens/activity-log/activity-log-state.js';
import { ActivityLogScreen } from '../../../src/ui/screens/activity-log/activity-log-screen.js';
import { auditRow, outcomeText } from '../../../src/ui/screens/activity-log/audit-rows.js';
import type { ConsoleServices } from '../../../src/ui/services.js';
import { KEYS } from '../../helpers/fixture.js';
import { renderScreen } from '../render-screen.js';

const entry = (orderId: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  time: '2026-11-05T12:00:00.000Z',
  profile: 'north',
  orderId,
  action: 'review',
  decisions: [
    { id: 1, type: 'refund', action: 'approve' },
    { id: 2, type: 'exchange', action: 'reject', reject_reason: 'worn' },
  ],
  outcome: 'ok',
  requestId: `req_${orderId}`,
  ...extra,
});

describe('activity log rows and scrolling (pure)', () => {
  it('describes outcomes and decisions', () => {
    expect(outcomeText(entry(1))).toBe('ok');
    expect(outcomeText(entry(1, { outcome: 'already_applied' }))).toBe('ok (already applied)');
    expect(outcomeText(entry(1, { outcome: 'failed', status: 422, code: 'invalid_state_transition' }))).toBe('✗ invalid_state_transition');
    // Writes read back when the console quit.
    expect(outcomeText(entry(1, { outcome: 'ok', reconciled: 'applied' }))).toBe('ok (read back)');
    expect(outcomeText(entry(1, { outcome: 'failed', code: 'aborted', reconciled: 'not_applied' }))).toBe('not applied (read back)');
    expect(outcomeText(entry(1, { outcome: 'failed', code: 'aborted', reconciled: 'unknown' }))).toBe('✗ unknown: check the order');
    expect(auditRow(entry(1, { outcome: 'failed', status: 422, code: 'invalid_state_transition' }), 'UTC')[6]).toBe('HTTP 422 · 1 approve, 1 reject');
    expect(auditRow(entry(1014), 'UTC')).toEqual(['2026-11-05 12:00', 'review', '—', '1014', 'ok', 'req_1014', '1 approve, 1 reject']);
    // On a terminal under 100 columns (audit-layout.ts) the year is left out, as the list does.
    expect(auditRow(entry(1014), 'UTC', true)[0]).toBe('11-05 12:00');
    // A time that is not one (a hand-edited log) is shown whole, never cut to a wrong value.
    expect(auditRow({ ...entry(1014), time: 'yesterday' }, 'UTC', true)[0]).toBe('yesterday');
    expect(auditRow(entry(1, { requestId: 'req\u001b]52;c;eA==\u0007' }), 'UTC')).toEqual(expect.arrayContaining(['req␛']));
  });

  it('names the order where the entry knows its name, and says when a draft was discarded', () => {
    expect(auditRow(entry(1014, { orderName: '#N1014' }), 'UTC')[3]).toBe('1014 #N1014');
    expect(auditRow(entry(1014, { orderName: '#N\u001b[2J' }), 'UTC')[3]).toBe('1014 #N␛');
    const discarded = entry(1014, { orderName: '#N1014', action: 'draft', outcome: 'discarded', code: 'order_not_pending', decisions: [{ id: 1, type: 'refund', action: 'reject', reject_reason: 'Worn' }] });
    expect(auditRow(discarded, 'UTC').slice(1, 5)).toEqual(['draft', '—', '1014 #N1014', 'discarded (not pending)']);
    // A scan that matched no order shows what was scanned where the order would be (sanitized, cut in its middle).
    const notFound = { time: '2026-11-05T12:00:00.000Z', profile: 'north', action: 'scan', scanned: 'XX-NOPE-123', source: 'scan', outcome: 'no_change', code: 'not_found' } as const;
    expect(auditRow(notFound, 'UTC').slice(1, 5)).toEqual(['scan', 'scan', '"XX-NOPE-123"', 'no change not_found']);
    expect(auditRow({ ...notFound, scanned: '1Z999AA10123456784-RMA-\u001b[2J' }, 'UTC')[3]).toBe('"1Z999AA101…784-RMA-␛"');
  });

  it('scrolls within the list', () => {
    const scroll = (offset: number, delta: number) => activityLogReducer({ offset }, { type: 'scroll', delta, total: 10, visible: 4 }).offset;
    expect(scroll(0, -1)).toBe(0);
    expect(scroll(0, 3)).toBe(3);
    expect(scroll(5, 4)).toBe(6);
    expect(activityLogReducer({ offset: 5 }, { type: 'reset' })).toEqual(initialActivityLogState);
  });
});

describe('activity log screen', () => {
  function renderLog(stateDir: string) {
    const services: ConsoleServices = {
      // The log never calls the service; a client is part of the services all the same.
      client: createClient({ baseUrl: 'http://127.0.0.1:9/public-api/v1', apiKey: KEYS.north }),
      profile: { name: 'north', stateName: 'north', serviceHost: 'sandbox', isSandbox: true, rejectReasons: [], refreshIntervalMs: 0 },
      isReadOnly: false,
      stateDir,
      now: Date.now,
    };
    const onBack = vi.fn();
    const view = renderScreen(
      <>
        <ActivityLogScreen onBack={onBack} height={22} />
        <Text>END</Text>
      </>,
      { services },
    );
    const frame = () => view.lastFrame() ?? '';
    const waitFor = (text: string) => vi.waitFor(() => expect(frame()).toContain(text), { timeout: 10_000, interval: 20 });
    return { ...view, frame, waitFor, onBack, client: services.client };
  }

  it("shows this profile's entries only (another shop's activity never shows)", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-log-'));
    await appendAudit(stateDir, entry(1, { requestId: 'req_north' }));
    await appendAudit(stateDir, entry(2, { profile: 'south', requestId: 'req_south' }));
    const view = renderLog(stateDir);
    try {
      await view.waitFor('Activity log of profile north');
      await view.waitFor('req_north');
      expect(view.frame()).not.toContain('req_south');
      expect(view.frame()).toContain('of 1');
    } finally {
      view.unmount();
      await view.client.close();
    }
  });

  it('shows the newest entries first, scrolls, reloads and goes back', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-log-'));
    for (let id = 1; id <= 40; id++) await appendAudit(stateDir, entry(id));
    await appendAudit(stateDir, entry(41, { action: 'receive', decisions: undefined, outcome: 'failed', status: 422, code: 'invalid_state_transition', message: `key ${KEYS.north}` }));
    const view = renderLog(stateDir);
    try {
      await view.waitFor('Activity log');
      await view.waitFor('✗ invalid_state_transition');
      const first = view.frame().split('\n').find((l) => l.includes('receive'))!;
      expect(first).toContain('41');
      // 100 columns: the request id stays whole, and the decisions fit (no profile column: the title names it).
      expect(view.frame()).toContain('req_40');
      expect(view.frame()).toContain('Details');
      expect(view.frame()).not.toContain('Profile');
      expect(view.frame()).toContain('1–');
      expect(view.frame()).toContain('of 41');
      expect(view.frame()).not.toContain(KEYS.north);
      view.stdin.write('\u001b[6~');
      await vi.waitFor(() => expect(view.frame()).not.toContain('req_41'));
      view.stdin.write('G'); // not a log key: nothing happens
      view.stdin.write('k');
      await appendAudit(stateDir, entry(42));
      view.stdin.write('R');
      await view.waitFor('req_42');
      expect(view.frame()).toContain('of 42');
      view.stdin.write('\u001b');
      await vi.waitFor(() => expect(view.onBack).toHaveBeenCalledOnce());
    } finally {
      view.unmount();
      await view.client.close();
    }
  });

  it('says when there is no activity yet', async () => {
    const view = renderLog(mkdtempSync(join(tmpdir(), 'rc-log-')));
    try {
      await view.waitFor('No activity yet');
    } finally {
      view.unmount();
      await view.client.close();
    }
  });
});
