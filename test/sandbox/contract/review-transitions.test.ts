/**
 * Successful reviews (D2, D5): each item becomes approved, rejected (with its reason) or
 * kept; the order becomes rejected when every item was rejected, otherwise reviewed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture, type FixtureOrder } from '../../helpers/fixture.js';
import { expectError, expectOrder, expectPage, listOrders, receiveOrder, reviewOrder } from '../../helpers/contract-http.js';
import { decideAll, extraOrder } from '../../helpers/contract-oracle.js';
import type { ReturnOrder } from '../../../src/api/schemas.js';

const fixture = makeFixture(28);
const o = {
  approveAll: extraOrder(3101, 'shop_north', 'pending'),
  rejectAll: extraOrder(3102, 'shop_north', 'pending', ['pending', 'pending'], ['pending']),
  mixed: extraOrder(3103, 'shop_north', 'pending', ['pending'], ['pending']),
  keepAll: extraOrder(3104, 'shop_north', 'pending'),
  keepReject: extraOrder(3105, 'shop_north', 'pending'),
  refundOnly: extraOrder(3106, 'shop_north', 'pending', ['pending'], []),
  exchangeFirst: extraOrder(3107, 'shop_north', 'pending', ['pending'], ['pending', 'pending']),
  raced: extraOrder(3108, 'shop_north', 'pending'),
  south: extraOrder(6101, 'shop_south', 'pending'),
} satisfies Record<string, FixtureOrder>;
fixture.return_orders.push(...Object.values(o));

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

const listed = async (id: number, key: string = KEYS.north): Promise<ReturnOrder> =>
  expectPage(await listOrders(sb.url, key, { ids: String(id) })).data[0]!;

/** Item id → [status, reject_reason] over refunds and exchanges. */
const itemStates = (order: ReturnOrder) =>
  Object.fromEntries([...(order.refunds ?? []), ...(order.exchanges ?? [])].map((i) => [i.id, [i.status, i.reject_reason ?? null]]));

/** Reviews, checks the 200 body is the updated order and equals what the list shows. */
async function reviewOk(order: FixtureOrder, items: unknown[], key: string = KEYS.north): Promise<ReturnOrder> {
  const body = expectOrder(await reviewOrder(sb.url, key, order.id, { items }));
  const after = await listed(order.id, key);
  expect(body).toEqual(after);
  const { shop_id: _s, refunds: _r, exchanges: _e, status: _st, ...unchanged } = order;
  expect(after).toMatchObject(unchanged);
  return after;
}

describe('D5 transitions of review', () => {
  it('all approved → reviewed, items approved', async () => {
    const after = await reviewOk(o.approveAll, decideAll(o.approveAll, 'approve'));
    expect(after.status).toBe('reviewed');
    expect(Object.values(itemStates(after))).toEqual([['approved', null], ['approved', null]]);
  });

  it('all rejected → rejected, each item rejected with its own reason stored', async () => {
    const items = decideAll(o.rejectAll, 'reject').map((el, i) => ({ ...el, reject_reason: `reason ${i}: worn “twice”` }));
    const after = await reviewOk(o.rejectAll, items);
    expect(after.status).toBe('rejected');
    expect(itemStates(after)).toEqual(Object.fromEntries(items.map((el, i) => [el.id, ['rejected', `reason ${i}: worn “twice”`]])));
  });

  it('approve + reject → reviewed; only the rejected item carries a reason', async () => {
    const [refund, exchange] = [o.mixed.refunds[0]!.id, o.mixed.exchanges[0]!.id];
    const after = await reviewOk(o.mixed, [
      { id: refund, type: 'refund', action: 'approve' },
      { id: exchange, type: 'exchange', action: 'reject', reject_reason: 'stained' },
    ]);
    expect(after.status).toBe('reviewed');
    expect(itemStates(after)).toEqual({ [refund]: ['approved', null], [exchange]: ['rejected', 'stained'] });
  });

  it('keep_item (north has the feature) → items kept, order reviewed', async () => {
    const after = await reviewOk(o.keepAll, decideAll(o.keepAll, 'keep_item'));
    expect(after.status).toBe('reviewed');
    expect(Object.values(itemStates(after)).map((s) => s[0])).toEqual(['kept', 'kept']);
  });

  it('keep_item + reject → reviewed (not every item rejected)', async () => {
    const [refund, exchange] = [o.keepReject.refunds[0]!.id, o.keepReject.exchanges[0]!.id];
    const after = await reviewOk(o.keepReject, [
      { id: exchange, type: 'exchange', action: 'reject', reject_reason: 'no' },
      { id: refund, type: 'refund', action: 'keep_item' },
    ]);
    expect(after.status).toBe('reviewed');
    expect(itemStates(after)).toEqual({ [refund]: ['kept', null], [exchange]: ['rejected', 'no'] });
  });

  it('an order with refunds only, all rejected → rejected', async () => {
    const after = await reviewOk(o.refundOnly, decideAll(o.refundOnly, 'reject'));
    expect(after.status).toBe('rejected');
  });

  it('element order does not matter (exchanges before refunds)', async () => {
    const after = await reviewOk(o.exchangeFirst, decideAll(o.exchangeFirst, 'approve').reverse());
    expect(after.status).toBe('reviewed');
    expect(Object.values(itemStates(after)).every((s) => s[0] === 'approved')).toBe(true);
  });

  it('a shop without keep_item can still approve and reject', async () => {
    const [refund, exchange] = [o.south.refunds[0]!.id, o.south.exchanges[0]!.id];
    const after = await reviewOk(o.south, [
      { id: refund, type: 'refund', action: 'reject', reject_reason: 'late' },
      { id: exchange, type: 'exchange', action: 'approve' },
    ], KEYS.south);
    expect(after.status).toBe('reviewed');
  });
});

describe('after a review', () => {
  it('a second review of the same order → 422 (reviewed and rejected alike), and changes nothing', async () => {
    for (const order of [o.approveAll, o.rejectAll]) {
      const before = await listed(order.id);
      expectError(await reviewOrder(sb.url, KEYS.north, order.id, { items: decideAll(order, 'approve') }), 'invalid_state_transition');
      expect(await listed(order.id)).toEqual(before);
    }
  });

  it('the reviewed order can be received; the rejected one cannot', async () => {
    expect(expectOrder(await receiveOrder(sb.url, KEYS.north, o.approveAll.id)).status).toBe('received');
    expectError(await receiveOrder(sb.url, KEYS.north, o.rejectAll.id), 'invalid_state_transition');
  });

  it('the status filter sees the new statuses', async () => {
    const ids = (s: string) => listOrders(sb.url, KEYS.north, { statuses: s, limit: '100' }).then((r) => expectPage(r).data.map((x) => x.id));
    expect(await ids('rejected')).toEqual(expect.arrayContaining([3102, 3106]));
    expect(await ids('reviewed')).toEqual(expect.arrayContaining([3103, 3104, 3105, 3107]));
    expect(await ids('received')).toContain(3101);
    expect(await ids('pending')).not.toContain(3101);
  });
});

describe('concurrent writes (transactions)', () => {
  it('ten simultaneous reviews of one order: exactly one succeeds, the rest get 422', async () => {
    const items = decideAll(o.raced, 'approve');
    const responses = await Promise.all(Array.from({ length: 10 }, () => reviewOrder(sb.url, KEYS.north, o.raced.id, { items })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.status !== 200)) expectError(r, 'invalid_state_transition');
  });

  it('ten simultaneous receives of one reviewed order: exactly one succeeds, the rest get 422', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => receiveOrder(sb.url, KEYS.north, o.raced.id)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.status !== 200)) expectError(r, 'invalid_state_transition');
    expect((await listed(o.raced.id)).status).toBe('received');
  });
});
