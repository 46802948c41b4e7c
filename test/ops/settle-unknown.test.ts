/**
 * Writes an earlier quit left unknown (src/ops/settle-unknown.ts): read back when the profile
 * is opened again and logged as applied or not applied, naming the entry they settle; once
 * only; another profile's entries untouched; nothing logged while the service cannot be read
 * or the order has moved on. Against the real sandbox.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import type { ReturnOrder } from '../../src/api/schemas.js';
import { appendAudit, readAudit, type AuditEntry } from '../../src/local/audit-log.js';
import type { OpsContext } from '../../src/ops/context.js';
import { receiveOrder } from '../../src/ops/receive.js';
import { settleOf, settleUnknownWrites } from '../../src/ops/settle-unknown.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let client: ReturnsApiClient;

beforeAll(async () => {
  // Reviewed: 1001, 1015, 1029, 1043; pending: 1000, 1014 (items 70028, 70029), 1028.
  sandbox = await startTestSandbox({ fixture: makeFixture(60) });
  client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

const APPROVE_1014 = [
  { id: 70028, type: 'refund' as const, action: 'approve' as const },
  { id: 70029, type: 'exchange' as const, action: 'approve' as const },
];

/** An entry as a console that quit with the service unreadable wrote it. */
function unknownEntry(at: number, entry: Pick<AuditEntry, 'orderId' | 'action'> & Partial<AuditEntry>): AuditEntry {
  return {
    time: new Date(at).toISOString(),
    profile: 'north',
    source: 'order',
    outcome: 'failed',
    code: 'connection_failed',
    message: 'Read back when the console quit: the order could not be read, so whether it was applied is unknown.',
    reconciled: 'unknown',
    ...entry,
  };
}

function context(stateDir: string, on: ReturnsApiClient = client): OpsContext {
  return { client: on, stateDir, profile: 'north', now: Date.now, source: 'order' };
}

describe('writes left unknown at quit', () => {
  it('are read back at the next start and logged as applied or not applied, once', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    const t = Date.now() - 60_000;
    const receive1001 = unknownEntry(t, { orderId: 1001, orderName: '#N1001', action: 'receive', source: 'bulk' });
    const receive1015 = unknownEntry(t + 1, { orderId: 1015, orderName: '#N1015', action: 'receive' });
    const review1014 = unknownEntry(t + 2, { orderId: 1014, orderName: '#N1014', action: 'review', decisions: APPROVE_1014 });
    const receive1028 = unknownEntry(t + 3, { orderId: 1028, action: 'receive' });
    const otherShop = { ...unknownEntry(t + 4, { orderId: 1043, action: 'receive' }), profile: 'south' };
    for (const entry of [receive1001, receive1015, review1014, receive1028, otherShop]) await appendAudit(stateDir, entry);
    // What the service did with them: 1001 and 1014 took effect, 1015 did not; 1028 is pending,
    // and an order only moves forward: a receive was never applied to it.
    await client.receive(1001);
    await client.review(1014, APPROVE_1014);

    const settled = await settleUnknownWrites(context(stateDir));
    expect(settled.map((s) => [s.unknown.orderId, s.isApplied])).toEqual([
      [1001, true],
      [1015, false],
      [1014, true],
      [1028, false],
    ]);
    const { entries } = await readAudit(stateDir, { limit: 50 });
    const added = entries.filter((e) => e.settles !== undefined).reverse();
    expect(added).toEqual([
      expect.objectContaining({ orderId: 1001, action: 'receive', outcome: 'ok', reconciled: 'applied', settles: receive1001.time, source: 'bulk', profile: 'north' }),
      expect.objectContaining({ orderId: 1015, action: 'receive', outcome: 'failed', reconciled: 'not_applied', settles: receive1015.time, source: 'order' }),
      expect.objectContaining({ orderId: 1014, action: 'review', outcome: 'ok', reconciled: 'applied', settles: review1014.time, decisions: APPROVE_1014 }),
      expect.objectContaining({ orderId: 1028, action: 'receive', outcome: 'failed', reconciled: 'not_applied', settles: receive1028.time }),
    ]);
    expect(added[1]!.message).toContain('not applied (the order is reviewed)');

    // Once: a second start finds nothing left to settle, and the other shop's entry is its own.
    expect(await settleUnknownWrites(context(stateDir))).toEqual([]);
    const again = await readAudit(stateDir, { limit: 50 });
    expect(again.entries.filter((e) => e.settles !== undefined)).toHaveLength(4);
    expect(again.entries.filter((e) => e.profile === 'south')).toEqual([otherShop]);
  });

  it('tells apart writes a quit cut in the same millisecond', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    const at = Date.now() - 1_000;
    for (const orderId of [1001, 1015]) await appendAudit(stateDir, unknownEntry(at, { orderId, action: 'receive' }));
    // 1001's was settled by an earlier start; 1015's, of the same millisecond, was not.
    const time = new Date(at).toISOString();
    await appendAudit(stateDir, { time: new Date().toISOString(), profile: 'north', orderId: 1001, action: 'receive', outcome: 'ok', reconciled: 'applied', settles: time });
    expect((await settleUnknownWrites(context(stateDir))).map((s) => s.unknown.orderId)).toEqual([1015]);
  });

  it('are settled once when two starts read them back at the same time', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    await appendAudit(stateDir, unknownEntry(Date.now() - 1_000, { orderId: 1043, action: 'receive' }));
    const [first, second] = await Promise.all([settleUnknownWrites(context(stateDir)), settleUnknownWrites(context(stateDir))]);
    expect(first.length + second.length).toBe(1);
    const { entries } = await readAudit(stateDir, { limit: 10 });
    expect(entries.filter((e) => e.settles !== undefined)).toHaveLength(1);
  });

  it('stay unknown while the service cannot be read', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    await appendAudit(stateDir, unknownEntry(Date.now() - 1_000, { orderId: 1029, action: 'receive' }));
    // A port nothing listens on: the sandbox's, after it was closed.
    const gone = await startTestSandbox({ fixture: makeFixture(30) });
    const url = gone.url;
    await gone.close();
    const offline = createClient({ baseUrl: url, apiKey: KEYS.north, maxRetries: 0 });
    try {
      expect(await settleUnknownWrites(context(stateDir, offline))).toEqual([]);
    } finally {
      await offline.close();
    }
    const { entries } = await readAudit(stateDir, { limit: 10 });
    expect(entries).toHaveLength(1);
    // Back online, it settles (1029 is still reviewed: not applied).
    expect((await settleUnknownWrites(context(stateDir))).map((s) => s.isApplied)).toEqual([false]);
  });
});

describe('writes whose process was killed while they were in flight', () => {
  /** The pid of a process that has ended. */
  function endedPid(): number {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    return Number(child.stdout);
  }
  const sending = (at: number, orderId: number, action: 'receive' | 'review', pid: number, writeId: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
    time: new Date(at).toISOString(), profile: 'north', source: 'cli', orderId, action, outcome: 'sending', pid, writeId, ...extra,
  });

  it('are read back when their process has ended, and left alone while it runs or once answered', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    const t = Date.now() - 60_000;
    const dead = endedPid();
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      // 1057 was received by the killed process (the sandbox applied it); 1042's review never arrived.
      await client.receive(1057);
      await appendAudit(stateDir, sending(t, 1057, 'receive', dead, 'w_0000000000000001'));
      const approve1042 = [{ id: 70084, type: 'refund' as const, action: 'approve' as const }, { id: 70085, type: 'exchange' as const, action: 'approve' as const }];
      await appendAudit(stateDir, sending(t + 1, 1042, 'review', dead, 'w_0000000000000002', { decisions: approve1042 }));
      await appendAudit(stateDir, sending(t + 2, 1000, 'receive', alive.pid!, 'w_0000000000000003'));
      await appendAudit(stateDir, sending(t + 3, 1001, 'receive', dead, 'w_0000000000000004'));
      await appendAudit(stateDir, { ...sending(t + 4, 1001, 'receive', dead, 'w_0000000000000004'), outcome: 'ok', pid: undefined });
      const settled = await settleUnknownWrites(context(stateDir));
      expect(settled.map((f) => [f.unknown.orderId, f.isApplied, f.status])).toEqual([[1057, true, 'received'], [1042, false, 'pending']]);
      const { entries } = await readAudit(stateDir, { limit: 20 });
      expect(entries.slice(0, 2).map((e) => [e.orderId, e.outcome, e.reconciled, e.writeId, e.source])).toEqual([
        [1042, 'failed', 'not_applied', 'w_0000000000000002', 'cli'],
        [1057, 'ok', 'applied', 'w_0000000000000001', 'cli'],
      ]);
      expect(entries[1]!.message).toMatch(/the receive of .* was sent, but its process ended before the answer was logged\): applied \(the order is received\)/);
      expect(await settleUnknownWrites(context(stateDir))).toEqual([]);
    } finally {
      alive.kill('SIGKILL');
    }
  });
});

describe('a cut-off write of an order another write of the log applied', () => {
  it('is not credited with it: a receive or review is applied once', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const t = Date.now() - 60_000;
    // 1057 was received (answered ok); a second receive of it was cut off before it was sent,
    // and a third, left unknown at a stop, came before the first.
    await appendAudit(stateDir, unknownEntry(t - 1_000, { orderId: 1057, action: 'receive' }));
    await appendAudit(stateDir, { time: new Date(t).toISOString(), profile: 'north', source: 'cli', orderId: 1057, action: 'receive', outcome: 'ok', writeId: 'w_00000000000000b1' });
    await appendAudit(stateDir, { time: new Date(t + 1).toISOString(), profile: 'north', source: 'cli', orderId: 1057, action: 'receive', outcome: 'sending', pid: dead, writeId: 'w_00000000000000b2' });
    const settled = await settleUnknownWrites(context(stateDir));
    expect(settled.map((f) => [f.unknown.orderId, f.isApplied, f.appliedBy])).toEqual([
      [1057, false, new Date(t).toISOString()],
      [1057, false, new Date(t).toISOString()],
    ]);
    const { entries } = await readAudit(stateDir, { limit: 10 });
    expect(entries[0]!.message).toContain(`not applied (the order is received, by the receive of ${new Date(t).toISOString()})`);
  });
});

describe('a write while earlier writes are read back', () => {
  it('waits for the reading back: a cut-off receive is not credited with the new one', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'rc-settle-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    // A receive of 1029 cut off before it was sent (the order is still reviewed).
    await appendAudit(stateDir, { time: new Date(Date.now() - 60_000).toISOString(), profile: 'north', source: 'cli', orderId: 1029, action: 'receive', outcome: 'sending', pid: Number(dead.stdout), writeId: 'w_00000000000000aa' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowReads = Object.assign(Object.create(client) as ReturnsApiClient, {
      getOrder: async (...args: Parameters<ReturnsApiClient['getOrder']>) => {
        await held;
        return client.getOrder(...args);
      },
    });
    const settling = settleUnknownWrites(context(stateDir, slowReads));
    const receiving = receiveOrder(context(stateDir), 1029);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await client.getOrder(1029))?.status).toBe('reviewed');
    release();
    expect((await settling).map((f) => [f.unknown.orderId, f.isApplied])).toEqual([[1029, false]]);
    expect(await receiving).toMatchObject({ status: 'ok' });
  });
});

describe('settleOf', () => {
  const order = (status: string) => ({ id: 1, status, refunds: [], exchanges: [] }) as unknown as ReturnOrder;
  const receive = unknownEntry(0, { orderId: 1, action: 'receive' });
  it('tells applied, not applied, and what cannot be told', () => {
    expect(settleOf(receive, order('received'))).toEqual({ isApplied: true, status: 'received' });
    expect(settleOf(receive, order('reviewed'))).toEqual({ isApplied: false, status: 'reviewed' });
    // Moved on since (completed), or gone: whether this receive did it cannot be told.
    expect(settleOf(receive, order('completed'))).toBeNull();
    expect(settleOf(receive, null)).toBeNull();
    // Orders only move forward: still pending, or rejected, was never received.
    expect(settleOf(receive, order('pending'))).toEqual({ isApplied: false, status: 'pending' });
    expect(settleOf(receive, order('rejected'))).toEqual({ isApplied: false, status: 'rejected' });
    // Another write of the log applied it: not this one, whatever the order shows now.
    expect(settleOf(receive, order('completed'), 'T')).toEqual({ isApplied: false, status: 'completed', appliedBy: 'T' });
    expect(settleOf(receive, null, 'T')).toEqual({ isApplied: false, status: null, appliedBy: 'T' });
  });

  it('tells a review by its items, whatever the order became since', () => {
    const item = (id: number, status: string, reject_reason?: string) => ({ id, status, title: 't', quantity: 1, price: '1.00', ...(reject_reason && { reject_reason }) });
    const reviewed = (status: string, refund: string, exchange: string) => ({ id: 1, status, refunds: [item(70028, refund)], exchanges: [item(70029, exchange)] }) as unknown as ReturnOrder;
    const review = unknownEntry(0, { orderId: 1, action: 'review', decisions: APPROVE_1014 });
    expect(settleOf(review, reviewed('received', 'approved', 'approved'))).toEqual({ isApplied: true, status: 'received' });
    expect(settleOf(review, reviewed('rejected', 'rejected', 'rejected'))).toEqual({ isApplied: false, status: 'rejected' });
    expect(settleOf(review, reviewed('pending', 'pending', 'pending'))).toEqual({ isApplied: false, status: 'pending' });
    expect(settleOf(review, { id: 1, status: 'reviewed' } as unknown as ReturnOrder)).toBeNull();
  });
});
