/**
 * Writes while the console quits (src/ops/write-stops.ts): nothing new is sent, a write in
 * flight finishes, and one that is cut (or ends unanswered) is read back through the
 * interface and logged as applied, not applied, or, when it cannot be read, unknown, with
 * what to do. Against the real sandbox (slowed with its latency) and, for answers the sandbox
 * never gives (a write that never answers), the hostile loopback server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ReturnsApiClient } from '../../src/api/client/index.js';
import { readAudit } from '../../src/local/audit-log.js';
import { runBulkWrites } from '../../src/ops/bulk.js';
import type { OpsContext } from '../../src/ops/context.js';
import { receiveOrder } from '../../src/ops/receive.js';
import { reviewOrder } from '../../src/ops/review.js';
import { createWriteStops, type WriteStopControl } from '../../src/ops/write-stops.js';
import { KEYS, makeFixture } from '../helpers/fixture.js';
import { json, page, startHostileServer, validOrder, type HostileServer } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { until } from '../helpers/until.js';

const LATENCY_MS = 1_000;

let sandbox: TestSandbox;
let client: ReturnsApiClient;
let hostile: HostileServer;
let hostileClient: ReturnsApiClient;
const dirs: string[] = [];

beforeAll(async () => {
  // Reviewed: every 14th from 1001 (1001, 1015, …, 1155); pending 1014 has items 70028 and 70029.
  sandbox = await startTestSandbox({ fixture: makeFixture(160), latencyMs: LATENCY_MS });
  client = createClient({ baseUrl: sandbox.url, apiKey: KEYS.north, maxRetries: 0 });
  hostile = await startHostileServer();
  hostileClient = createClient({ baseUrl: hostile.url, apiKey: KEYS.north, maxRetries: 0 });
});
afterAll(async () => {
  await Promise.all([client.close(), hostileClient.close()]);
  await Promise.all([sandbox.close(), hostile.close()]);
});
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function context(on: ReturnsApiClient, stops: WriteStopControl): OpsContext {
  const stateDir = mkdtempSync(join(tmpdir(), 'rc-stops-'));
  dirs.push(stateDir);
  return { client: on, stateDir, profile: 'north', now: Date.now, source: 'order', writeStops: stops };
}
const log = async (ctx: OpsContext) => (await readAudit(ctx.stateDir, { limit: 50 })).entries;

describe('a write in flight when the console quits', { timeout: 60_000 }, () => {
  it('finishes when it may: logged ok, nothing read back', async () => {
    const stops = createWriteStops();
    const ctx = context(client, stops);
    const write = receiveOrder(ctx, 1001);
    stops.stopNew();
    const outcome = await write;
    expect(outcome).toMatchObject({ status: 'ok', orderId: 1001 });
    expect(outcome.reconciled).toBeUndefined();
    expect(await log(ctx)).toEqual([expect.objectContaining({ orderId: 1001, outcome: 'ok' })]);
    expect((await client.getOrder(1001))?.status).toBe('received');
  });

  it('cut: read back, and the log says what the service holds', async () => {
    const stops = createWriteStops();
    const ctx = context(client, stops);
    const write = receiveOrder(ctx, 1015);
    await sleep(200);
    stops.cutInFlight();
    const outcome = await write;
    // The read back is answered after the write (same latency, asked later), so it sees its effect, if any.
    const now = await client.getOrder(1015);
    const expected = now?.status === 'received' ? 'applied' : 'not_applied';
    expect(outcome.reconciled).toBe(expected);
    expect(outcome.status).toBe(expected === 'applied' ? 'ok' : 'failed');
    const [entry] = await log(ctx);
    expect(entry).toMatchObject({ orderId: 1015, action: 'receive', reconciled: expected, outcome: expected === 'applied' ? 'ok' : 'failed' });
  });

  it('a cut review is checked item by item against what was sent', async () => {
    const stops = createWriteStops();
    const ctx = context(client, stops);
    const items = [
      { id: 70028, type: 'refund' as const, action: 'approve' as const },
      { id: 70029, type: 'exchange' as const, action: 'reject' as const, reject_reason: 'Worn' },
    ];
    const write = reviewOrder(ctx, 1014, items);
    await sleep(200);
    stops.cutInFlight();
    const outcome = await write;
    const now = await client.getOrder(1014);
    expect(outcome.reconciled).toBe(now?.status === 'pending' ? 'not_applied' : 'applied');
    expect((await log(ctx))[0]).toMatchObject({ action: 'review', decisions: items, reconciled: outcome.reconciled });
  });

  it('a bulk run sends nothing new: each order is received and logged ok, or not sent and logged not done', async () => {
    const stops = createWriteStops();
    const ctx = context(client, stops);
    const ids = [1029, 1043, 1057, 1071, 1085, 1099, 1113, 1127, 1141, 1155];
    const run = runBulkWrites(ctx, 'receive', ids, { concurrency: 2 });
    await sleep(300);
    stops.stopNew();
    const report = await run;
    expect(report.isStopped).toBe(true);
    const entries = await log(ctx);
    expect(entries).toHaveLength(ids.length);
    const notSent = report.outcomes.filter((o) => o.status === 'not_done').length;
    expect(notSent).toBeGreaterThan(0);
    const statuses = await Promise.all(ids.map(async (id) => (await client.getOrder(id))?.status));
    ids.forEach((id, i) => {
      const entry = entries.find((e) => e.orderId === id);
      expect([id, entry?.outcome]).toEqual([id, statuses[i] === 'received' ? 'ok' : 'not_done']);
    });
  });
});

describe('read back against a service that never answers the write', { timeout: 30_000 }, () => {
  it('not applied: the order read back is still reviewed', async () => {
    hostile.answer((req, res) => {
      if (req.method === 'POST') return; // never answers
      page(res, [validOrder(5001, { status: 'reviewed' })]);
    });
    const stops = createWriteStops();
    const ctx = context(hostileClient, stops);
    const write = receiveOrder(ctx, 5001);
    await until(() => hostile.seen.some((s) => s.startsWith('POST')));
    stops.cutInFlight();
    const outcome = await write;
    expect(outcome).toMatchObject({ status: 'failed', reconciled: 'not_applied' });
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/not applied \(the order is reviewed\)/);
    expect((await log(ctx))[0]).toMatchObject({ outcome: 'failed', reconciled: 'not_applied' });
  });

  it('applied: the order read back is received', async () => {
    hostile.answer((req, res) => {
      if (req.method === 'POST') return;
      page(res, [validOrder(5002, { status: 'received' })]);
    });
    const stops = createWriteStops();
    const ctx = context(hostileClient, stops);
    const write = receiveOrder(ctx, 5002, { orderName: '#5002' });
    await until(() => hostile.seen.some((s) => s.startsWith('POST /public-api/v1/return_orders/5002')));
    stops.cutInFlight();
    expect(await write).toMatchObject({ status: 'ok', reconciled: 'applied', result: { order: { status: 'received' } } });
    expect((await log(ctx))[0]).toMatchObject({ outcome: 'ok', reconciled: 'applied', orderName: '#5002' });
  });

  it('unknown, with how to check, when the order cannot be read either', async () => {
    hostile.answer((req, res) => {
      if (req.method === 'POST') return;
      json(res, 500, { error: { type: 'api_error', code: 'internal_error', message: 'down' } });
    });
    const stops = createWriteStops();
    const ctx = context(hostileClient, stops);
    const write = receiveOrder(ctx, 5003);
    await until(() => hostile.seen.some((s) => s.startsWith('POST /public-api/v1/return_orders/5003')));
    stops.cutInFlight();
    const outcome = await write;
    expect(outcome).toMatchObject({ status: 'failed', reconciled: 'unknown' });
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/unknown\. Check with `returns-console show 5003`/);
    expect((await log(ctx))[0]).toMatchObject({ outcome: 'failed', reconciled: 'unknown' });
  });

  it('a definite refusal while quitting is not read back', async () => {
    hostile.answer((req, res) => {
      if (req.method === 'POST') {
        setTimeout(() => json(res, 422, { error: { type: 'state_error', code: 'invalid_state_transition', message: 'not reviewed' } }), 300);
        return;
      }
      page(res, [validOrder(5004, { status: 'received' })]);
    });
    const stops = createWriteStops();
    const ctx = context(hostileClient, stops);
    const before = hostile.seen.length;
    const write = receiveOrder(ctx, 5004);
    await until(() => hostile.seen.slice(before).some((s) => s.startsWith('POST')));
    stops.stopNew();
    const outcome = await write;
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'invalid_state_transition' } });
    expect(outcome.reconciled).toBeUndefined();
    expect(hostile.seen.slice(before).filter((s) => s.startsWith('GET'))).toEqual([]);
  });
});

describe('a bulk approve-all stopped with Esc', { timeout: 60_000 }, () => {
  it('sends no review for an order whose read was in flight: not done, still pending', async () => {
    const ctx = context(client, createWriteStops());
    const esc = new AbortController();
    // Both reads are in flight (the sandbox answers after LATENCY_MS) when Esc is pressed.
    const run = runBulkWrites(ctx, 'approve', [1042, 1056], { signal: esc.signal, concurrency: 2 });
    await sleep(LATENCY_MS / 2);
    esc.abort();
    const report = await run;
    expect(report.outcomes.map((o) => o.status)).toEqual(['not_done', 'not_done']);
    for (const id of [1042, 1056]) expect((await client.getOrder(id))?.status).toBe('pending');
    expect((await log(ctx)).map((e) => [e.orderId, e.outcome])).toEqual(expect.arrayContaining([[1042, 'not_done'], [1056, 'not_done']]));
  });
});
