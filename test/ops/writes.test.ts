/**
 * The operations of src/ops against the real sandbox: each write returns one outcome and
 * leaves exactly one activity-log entry (with where it was started), and local state
 * follows the service (drafts, stale drafts). The console and the commands both run these.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { appendAudit, readAudit, type AuditEntry } from '../../src/local/audit-log.js';
import { createDraftStore } from '../../src/local/drafts.js';
import { approveAllOrder } from '../../src/ops/approve-all.js';
import { runBulkWrites } from '../../src/ops/bulk.js';
import type { OpsContext } from '../../src/ops/context.js';
import { receiveOrder } from '../../src/ops/receive.js';
import { reviewOrder } from '../../src/ops/review.js';
import { sendQueuedScan } from '../../src/ops/scan-queue.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sandbox: TestSandbox;
let client: ReturnsApiClient;
const dirs: string[] = [];

beforeAll(async () => {
  // 42 per shop: pending 1000, 1014, 1028; reviewed 1001, 1015, 1029 (items 70000 + 2 × index).
  sandbox = await startTestSandbox({ fixture: makeFixture(42) });
  client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function context(source: OpsContext['source']): OpsContext {
  const stateDir = mkdtempSync(join(tmpdir(), 'rc-ops-'));
  dirs.push(stateDir);
  return { client, stateDir, profile: 'north', now: Date.now, source };
}
const log = async (ctx: OpsContext) => (await readAudit(ctx.stateDir, { limit: 50 })).entries;

describe('single writes', () => {
  it('receive: one outcome, one entry marked with its source', async () => {
    const ctx = context('cli');
    const outcome = await receiveOrder(ctx, 1001);
    expect(outcome).toMatchObject({ status: 'ok', action: 'receive', orderId: 1001, orderName: '#N1001', isAlreadyApplied: false, warnings: [] });
    expect(await log(ctx)).toEqual([expect.objectContaining({ action: 'receive', orderId: 1001, orderName: '#N1001', source: 'cli', outcome: 'ok', profile: 'north' })]);
  });

  it('a refused write is an outcome (never a rejection) and logged with its code and status', async () => {
    const ctx = context('order');
    const outcome = await receiveOrder(ctx, 1000); // pending: cannot be received
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_state_transition', status: 422 } });
    expect(await log(ctx)).toEqual([expect.objectContaining({ action: 'receive', outcome: 'failed', code: 'invalid_state_transition', status: 422, source: 'order' })]);
  });

  it('review: the decisions are logged as sent, and the order\'s draft goes with the write', async () => {
    const ctx = context('cli');
    const drafts = createDraftStore({ stateDir: ctx.stateDir, profile: 'north', now: Date.now });
    await drafts.save(1014, [{ type: 'refund', id: 70028, action: 'approve' }]);
    const items = [
      { id: 70028, type: 'refund' as const, action: 'approve' as const },
      { id: 70029, type: 'exchange' as const, action: 'reject' as const, reject_reason: 'Worn' },
    ];
    const outcome = await reviewOrder(ctx, 1014, items);
    expect(outcome.status).toBe('ok');
    expect(drafts.load(1014).kind).toBe('none');
    expect(await log(ctx)).toEqual([expect.objectContaining({ action: 'review', orderId: 1014, decisions: items, outcome: 'ok', source: 'cli' })]);
  });
});

describe('the entry before the request', () => {
  it('is on disk when the request leaves; the outcome\'s entry shares its write id', async () => {
    const ctx = context('cli');
    let atSend: readonly AuditEntry[] = [];
    const watching: OpsContext = {
      ...ctx,
      client: Object.assign(Object.create(client) as ReturnsApiClient, {
        receive: async (...args: Parameters<ReturnsApiClient['receive']>) => {
          atSend = (await readAudit(ctx.stateDir, { limit: 10 })).entries;
          return client.receive(...args);
        },
      }),
    };
    const outcome = await receiveOrder(watching, 1015);
    expect(atSend).toEqual([expect.objectContaining({ action: 'receive', orderId: 1015, outcome: 'sending', pid: process.pid, writeId: expect.stringMatching(/^w_[0-9a-f]{16}$/) })]);
    const { entries } = await readAudit(ctx.stateDir, { limit: 10, isKeepingAnsweredSends: true });
    expect(entries.map((e) => [e.outcome, e.writeId])).toEqual([['ok', atSend[0]!.writeId], ['sending', atSend[0]!.writeId]]);
    // As a person reads the log: one entry per write.
    expect((await readAudit(ctx.stateDir, { limit: 10 })).entries.map((e) => e.outcome)).toEqual(['ok']);
    expect(outcome.writeId).toBe(atSend[0]!.writeId);
  });

  it('cannot be written (a full disk, a read-only directory): nothing is sent, and the outcome says why', async () => {
    const ctx = context('cli');
    // A directory where the log belongs makes every append fail, as a full disk would.
    mkdirSync(join(ctx.stateDir, 'audit.jsonl'));
    const outcome = await receiveOrder(ctx, 1029);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'activity_log_unwritable' } });
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/^Not sent: the activity log could not be written \(.+\), and a write it cannot account for is never made\.$/);
    expect((await client.getOrder(1029))?.status).toBe('reviewed');
  });
});

describe('a write the client found already applied', () => {
  /** A client whose receive reports "already applied" (a lost answer, then a 422 on the order as received). */
  const foundApplied = (base: ReturnsApiClient): ReturnsApiClient =>
    Object.assign(Object.create(base) as ReturnsApiClient, {
      receive: async (id: number) => ({ order: await base.getOrder(id), isAlreadyApplied: true }),
    });

  it('is applied, unless the log says another write of the order was: a receive is applied once', async () => {
    const ctx = context('cli');
    // An earlier receive of 1029, answered ok (the service is not asked: only the log counts here).
    await appendAudit(ctx.stateDir, { time: new Date().toISOString(), profile: 'north', source: 'cli', orderId: 1029, action: 'receive', outcome: 'ok', writeId: 'w_0000000000000001' });
    const again = await receiveOrder({ ...ctx, client: foundApplied(client) }, 1029);
    expect(again).toMatchObject({ status: 'failed', error: { code: 'invalid_state_transition', status: 422 } });
    expect(again.status === 'failed' && again.error.message).toMatch(/^Return order 1029 was already received by the receive of .+ \(activity log\); this one was not applied\.$/);
    // Another profile's state knows nothing of it: the client's finding stands.
    const fresh = await receiveOrder({ ...context('cli'), client: foundApplied(client) }, 1029);
    expect(fresh).toMatchObject({ status: 'ok', isAlreadyApplied: true });
  });
});

describe('approve all', () => {
  it('sends a saved draft\'s decisions, approves the rest, and counts what came from the draft', async () => {
    const ctx = context('bulk');
    const drafts = createDraftStore({ stateDir: ctx.stateDir, profile: 'north', now: Date.now });
    await drafts.save(1028, [{ type: 'refund', id: 70056, action: 'reject', rejectReason: 'Torn' }]);
    const outcome = await approveAllOrder(ctx, 1028);
    expect(outcome).toMatchObject({ status: 'ok', fromDraft: 1, decisions: [
      { id: 70056, type: 'refund', action: 'reject', reject_reason: 'Torn' },
      { id: 70057, type: 'exchange', action: 'approve' },
    ] });
    const after = await client.getOrder(1028);
    expect([after?.status, after?.refunds?.[0]?.status, after?.refunds?.[0]?.reject_reason]).toEqual(['reviewed', 'rejected', 'Torn']);
  });

  it('sends nothing for an order that is not pending: a refusal, logged, and a stale draft removed (logged)', async () => {
    const ctx = context('cli');
    const drafts = createDraftStore({ stateDir: ctx.stateDir, profile: 'north', now: Date.now });
    await drafts.save(1015, [{ type: 'refund', id: 70030, action: 'approve' }]);
    const outcome = await approveAllOrder(ctx, 1015);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_state_transition' } });
    expect(outcome.status === 'failed' && outcome.error.status).toBeUndefined();
    expect(drafts.load(1015).kind).toBe('none');
    const entries = await log(ctx);
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([['review', 'failed'], ['draft', 'discarded']]);
  });
});

describe('bulk runs and scans', () => {
  it('a stopped run reports and logs the orders it never reached as not done', async () => {
    const ctx = context('bulk');
    const stop = new AbortController();
    stop.abort();
    const report = await runBulkWrites(ctx, 'receive', [1029, 2001], { signal: stop.signal });
    expect(report.outcomes.map((o) => [o.orderId, o.status])).toEqual([[1029, 'not_done'], [2001, 'not_done']]);
    expect((await log(ctx)).map((e) => e.outcome)).toEqual(['not_done', 'not_done']);
    expect((await client.getOrder(1029))?.status).toBe('reviewed');
  });

  it('a scan that changes nothing is logged once, as a scan', async () => {
    const ctx = context('scan');
    const removed: string[] = [];
    const notes = { markSent: async () => undefined, remove: async (id: string) => void removed.push(id) };
    const step = await sendQueuedScan(ctx, { id: 's1', text: 'NOPE-404', scannedAt: new Date().toISOString() }, null, notes);
    expect(step).toMatchObject({ kind: 'done', outcome: { kind: 'not-found' } });
    expect(removed).toEqual(['s1']);
    expect(await log(ctx)).toEqual([expect.objectContaining({ action: 'scan', scanned: 'NOPE-404', outcome: 'no_change', code: 'not_found', source: 'scan' })]);
  });
});
