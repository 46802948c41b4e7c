/**
 * Shop isolation (section 1, section 5 rule 3): no id, ids or order_names filter,
 * cursor or route of one shop reveals anything of another, not even whether an id exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectError, expectPage, listOrders, normalizedError, receiveOrder, reviewOrder, send, walk } from '../../helpers/contract-http.js';
import { expectedIds } from '../../helpers/contract-oracle.js';

const fixture = makeFixture(40);
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

const southIds = fixture.return_orders.filter((o) => o.shop_id === 'shop_south').map((o) => o.id);
// Ids of the same digit count as south ids, existing in no shop.
const nowhere = southIds.map((id) => id + 3000);

describe('lists', () => {
  it('a full walk of each shop contains only its own orders', async () => {
    const north = await walk(sb.url, KEYS.north, {}, [13]);
    const south = await walk(sb.url, KEYS.south, {}, [13]);
    expect(north).toEqual(expectedIds(fixture, 'shop_north'));
    expect(south).toEqual(expectedIds(fixture, 'shop_south'));
  });

  it('filtering by the other shop\'s ids answers exactly like ids that exist nowhere', async () => {
    for (let i = 0; i < southIds.length; i += 10) {
      const foreign = await listOrders(sb.url, KEYS.north, { ids: southIds.slice(i, i + 10).join(',') });
      const missing = await listOrders(sb.url, KEYS.north, { ids: nowhere.slice(i, i + 10).join(',') });
      expect(foreign.status).toBe(200);
      expect(foreign.text).toBe(missing.text);
      expect(foreign.json).toEqual({ data: [], has_more: false, next_cursor: null });
    }
  });

  it('mixing own and foreign ids returns only the own ones', async () => {
    const page = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1000,5000,1001,5001,5002' }));
    expect(page.data.map((o) => o.id)).toEqual([1001, 1000]);
  });

  it('has_more and next_cursor do not count the other shop\'s orders', async () => {
    // 5000 sorts after 1000 (ids descending would put it first): a leak would show as has_more.
    const page = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1000,5000,5001', limit: '1' }));
    expect(page).toEqual({ data: [expect.objectContaining({ id: 1000 })], has_more: false, next_cursor: null });
    const low = expectPage(await listOrders(sb.url, KEYS.south, { ids: '5000,1000,1001', limit: '1' }));
    expect(low).toEqual({ data: [expect.objectContaining({ id: 5000 })], has_more: false, next_cursor: null });
  });

  it('the other shop\'s order names match nothing', async () => {
    const names = fixture.return_orders.filter((o) => o.shop_id === 'shop_south').map((o) => o.order_name);
    const foreign = await listOrders(sb.url, KEYS.north, { order_names: names.join(',') });
    const missing = await listOrders(sb.url, KEYS.north, { order_names: names.map((n) => n.replace('#S', '#Q')).join(',') });
    expect(foreign.text).toBe(missing.text);
    expect(foreign.json).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('a foreign cursor is refused without hinting at its origin', async () => {
    const southPage = expectPage(await listOrders(sb.url, KEYS.south, { limit: '2' }));
    const foreign = await listOrders(sb.url, KEYS.north, { limit: '2', cursor: southPage.next_cursor! });
    const forged = await listOrders(sb.url, KEYS.north, { limit: '2', cursor: 'x'.repeat(southPage.next_cursor!.length) });
    expectError(foreign, 'invalid_cursor_format', 'cursor');
    expect(normalizedError(foreign)).toBe(normalizedError(forged));
  });
});

describe('routes', () => {
  const routes = [
    ['review', (id: number) => reviewOrder(sb.url, KEYS.north, id, { items: [] })],
    ['review with a malformed body', (id: number) => reviewOrder(sb.url, KEYS.north, id, '{oops')],
    ['receive', (id: number) => receiveOrder(sb.url, KEYS.north, id)],
    ['GET one order (D3 optional route)', (id: number) => send(sb.url, `/return_orders/${id}`, { auth: KEYS.north })],
  ] as const;

  it.each(routes.map((r) => [r[0]]))('%s: every foreign order id answers like an id that exists nowhere', async (name) => {
    const call = routes.find((r) => r[0] === name)![1];
    const mismatches: number[] = [];
    for (let i = 0; i < southIds.length; i++) {
      const foreign = await call(southIds[i]!);
      const missing = await call(nowhere[i]!);
      expect(foreign.status).toBe(404);
      if (normalizedError(foreign, [southIds[i]!]) !== normalizedError(missing, [nowhere[i]!])) mismatches.push(southIds[i]!);
    }
    expect(mismatches).toEqual([]);
  });

  it('the optional single-order route (D3), if served, follows the same 404 rules', async () => {
    const own = await send(sb.url, '/return_orders/1001', { auth: KEYS.north });
    if (own.status === 404) {
      expectError(own, 'route_not_found');
      return;
    }
    const listed = expectPage(await listOrders(sb.url, KEYS.north, { ids: '1001' })).data[0];
    expect(own.json).toEqual(listed);
    for (const id of [5001, 1012, 1013, 1999]) {
      expectError(await send(sb.url, `/return_orders/${id}`, { auth: KEYS.north }), 'return_order_not_found');
    }
  });

  it('a review attempt through the wrong shop changed nothing', async () => {
    const pendingSouth = fixture.return_orders.find((o) => o.shop_id === 'shop_south' && o.status === 'pending')!;
    const items = [
      { id: pendingSouth.refunds[0]!.id, type: 'refund', action: 'approve' },
      { id: pendingSouth.exchanges[0]!.id, type: 'exchange', action: 'approve' },
    ];
    expectError(await reviewOrder(sb.url, KEYS.north, pendingSouth.id, { items }), 'return_order_not_found');
    const after = expectPage(await listOrders(sb.url, KEYS.south, { ids: String(pendingSouth.id) })).data[0]!;
    expect(after.status).toBe('pending');
    expect([...after.refunds!, ...after.exchanges!].map((i) => i.status)).toEqual(['pending', 'pending']);
  });

  it('an item id of the other shop in a review of an own order is just "not found"', async () => {
    const own = fixture.return_orders.find((o) => o.shop_id === 'shop_north' && o.status === 'pending')!;
    const southItem = fixture.return_orders.find((o) => o.shop_id === 'shop_south' && o.status === 'pending')!.refunds[0]!.id;
    const base = [{ id: own.refunds[0]!.id, type: 'refund', action: 'approve' }, { id: own.exchanges[0]!.id, type: 'exchange', action: 'approve' }];
    const foreign = await reviewOrder(sb.url, KEYS.north, own.id, { items: [...base, { id: southItem, type: 'refund', action: 'approve' }] });
    const missing = await reviewOrder(sb.url, KEYS.north, own.id, { items: [...base, { id: southItem + 500_000, type: 'refund', action: 'approve' }] });
    expectError(foreign, 'item_not_found');
    expect(normalizedError(foreign, [southItem])).toBe(normalizedError(missing, [southItem + 500_000]));
  });
});
