/**
 * Fault injection (--fail-rate, --fail-status, --latency): injected failures use
 * the interface's error envelope, are chosen before any change, and never half-apply a
 * write. The file database lets a second, healthy sandbox look at what was stored.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectOrder, expectPage, listOrders, receiveOrder, reviewOrder, type ApiResponse } from '../../helpers/contract-http.js';
import { decideAll, expectedIds, fixtureOrder } from '../../helpers/contract-oracle.js';
import { errorBodySchema } from '../../../src/api/schemas.js';
import { startSandbox } from '../../../src/sandbox/index.js';

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.close();
});

async function start(options: Parameters<typeof startTestSandbox>[0]): Promise<TestSandbox> {
  const sb = await startTestSandbox(options);
  running.push(sb);
  return sb;
}

function expectInjected(res: ApiResponse, status: 500 | 429): void {
  expect(res.status).toBe(status);
  const body = errorBodySchema.parse(res.json);
  expect(body.error.type).toBe(status === 500 ? 'api_error' : 'rate_limit_error');
  if (status === 429) expect(body.error.code).toBe('rate_limit_exceeded');
  expect(body.error.message).not.toMatch(/\bat .*\.(ts|js):\d+|Error:|stack/i);
}

const approveBoth = { items: decideAll(fixtureOrder(makeFixture(), 1000), 'approve') };

describe('failRate 1', () => {
  it('answers every request 500 api_error (list, review, receive)', async () => {
    const sb = await start({ failRate: 1 });
    expectInjected(await listOrders(sb.url, KEYS.north), 500);
    expectInjected(await reviewOrder(sb.url, KEYS.north, 1000, approveBoth), 500);
    expectInjected(await receiveOrder(sb.url, KEYS.north, 1001), 500);
  });

  it('with failStatus 429 answers 429 rate_limit_exceeded', async () => {
    const sb = await start({ failRate: 1, failStatus: 429 });
    expectInjected(await listOrders(sb.url, KEYS.south), 429);
    expectInjected(await reviewOrder(sb.url, KEYS.north, 1000, approveBoth), 429);
  });

  it('an injected failure on a write leaves the stored data unchanged', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'rc-fault-')), 'sandbox.db');
    const failing = await start({ failRate: 1, dbPath });
    expectInjected(await reviewOrder(failing.url, KEYS.north, 1000, approveBoth), 500);
    expectInjected(await receiveOrder(failing.url, KEYS.north, 1001), 500);
    await running.pop()!.close();

    const healthy = await startSandbox({ host: '127.0.0.1', port: 0, dbPath, rateLimit: 0, quiet: true });
    running.push(healthy);
    const orders = expectPage(await listOrders(healthy.url, KEYS.north, { ids: '1000,1001' })).data;
    expect(orders.map((o) => [o.id, o.status])).toEqual([[1001, 'reviewed'], [1000, 'pending']]);
    expect([...orders[1]!.refunds!, ...orders[1]!.exchanges!].map((i) => i.status)).toEqual(['pending', 'pending']);
  });
});

describe('failRate 0.5', () => {
  it('each review either applies completely or not at all', async () => {
    const fixture = makeFixture(420);
    const sb = await start({ fixture, failRate: 0.5 });
    const pending = expectedIds(fixture, 'shop_north', { statuses: ['pending'] });
    const outcomes = new Map<number, number>();
    for (const id of pending) {
      const res = await reviewOrder(sb.url, KEYS.north, id, { items: decideAll(fixtureOrder(fixture, id), 'approve') });
      if (res.status === 200) expectOrder(res);
      else expectInjected(res, 500);
      outcomes.set(id, res.status);
    }
    expect(new Set(outcomes.values())).toEqual(new Set([200, 500]));
    for (const id of pending) {
      let res = await listOrders(sb.url, KEYS.north, { ids: String(id) });
      // Reads fail at random too: retry until one gets through.
      for (let i = 0; i < 60 && res.status === 500; i++) res = await listOrders(sb.url, KEYS.north, { ids: String(id) });
      const order = expectPage(res).data[0]!;
      const items = [...order.refunds!, ...order.exchanges!].map((i) => i.status);
      if (outcomes.get(id) === 200) expect([order.status, items]).toEqual(['reviewed', ['approved', 'approved']]);
      else expect([order.status, items]).toEqual(['pending', ['pending', 'pending']]);
    }
  });
});

describe('latencyMs', () => {
  it('delays every answer by at least the configured time', async () => {
    const sb = await start({ latencyMs: 150 });
    const started = performance.now();
    expectPage(await listOrders(sb.url, KEYS.north, { limit: '1' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
