/**
 * Receive (section 4, D2, D5): reviewed → received with body none or {}; any other status
 * 422; missing, foreign, draft and cancelled 404 with identical bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectError, expectOrder, expectPage, listOrders, normalizedError, receiveOrder } from '../../helpers/contract-http.js';
import { extraOrder } from '../../helpers/contract-oracle.js';

const fixture = makeFixture(28);
fixture.return_orders.push(extraOrder(3201, 'shop_north', 'reviewed', ['approved'], ['rejected']));
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

const listed = async (id: number, key: string = KEYS.north) => expectPage(await listOrders(sb.url, key, { ids: String(id) })).data[0];

describe('reviewed → received', () => {
  it('with no body: 200 and the updated order, items untouched', async () => {
    const before = (await listed(1001))!;
    const after = expectOrder(await receiveOrder(sb.url, KEYS.north, 1001));
    expect(after).toEqual({ ...before, status: 'received' });
    expect(await listed(1001)).toEqual(after);
  });

  it('with an empty JSON object as body', async () => {
    const after = expectOrder(await receiveOrder(sb.url, KEYS.north, 1015, {}));
    expect(after.status).toBe('received');
    expect(after.id).toBe(1015);
  });

  it('keeps item statuses as they were (approved and rejected alike)', async () => {
    const before = (await listed(3201))!;
    const after = expectOrder(await receiveOrder(sb.url, KEYS.north, 3201));
    expect({ refunds: after.refunds, exchanges: after.exchanges }).toEqual({ refunds: before.refunds, exchanges: before.exchanges });
  });

  it('south receives its own reviewed order', async () => {
    expect(expectOrder(await receiveOrder(sb.url, KEYS.south, 5001, {})).status).toBe('received');
  });

  it('receiving again → 422 invalid_state_transition', async () => {
    expectError(await receiveOrder(sb.url, KEYS.north, 1001), 'invalid_state_transition');
    expect((await listed(1001))!.status).toBe('received');
  });
});

describe('other statuses → 422, nothing changes', () => {
  const others = fixture.return_orders.filter((o) => o.shop_id === 'shop_north' && o.id >= 1014 && o.id < 1026 && o.status !== 'reviewed');
  it.each(others.map((o) => [o.status, o.id]))('a %s order (%i) → 422', async (status, id) => {
    expectError(await receiveOrder(sb.url, KEYS.north, id), 'invalid_state_transition');
    expect((await listed(id))!.status).toBe(status);
  });
});

describe('404 return_order_not_found', () => {
  it.each([
    ['nonexistent', 1999, KEYS.north],
    ['another shop\'s reviewed order', 5015, KEYS.north],
    ['a draft order', 1026, KEYS.north],
    ['a cancelled order', 1027, KEYS.north],
    ['the north reviewed order through the south key', 1015, KEYS.south],
  ])('%s → 404', async (_name, id, key) => {
    expectError(await receiveOrder(sb.url, key, id), 'return_order_not_found');
  });

  it('missing, foreign, draft and cancelled give the same body apart from request id and the id asked for', async () => {
    const bodies: string[] = [];
    for (const id of [1999, 5015, 1026, 1027]) bodies.push(normalizedError(await receiveOrder(sb.url, KEYS.north, id), [id]));
    expect(new Set(bodies).size).toBe(1);
  });

  it('the foreign order was not received', async () => {
    expect((await listed(5015, KEYS.south))!.status).toBe('reviewed');
  });
});
