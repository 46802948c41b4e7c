/**
 * The list endpoint's filters (section 4, D7): each alone and combined, compared with
 * what the fixture says should come back; ordering, default page size, empty envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectPage, idsOf, listOrders, walk } from '../../helpers/contract-http.js';
import { expectedIds } from '../../helpers/contract-oracle.js';
import { RETURN_ORDER_STATUSES } from '../../../src/api/schemas.js';

const fixture = makeFixture(80);
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

/** Order i of a shop is submitted i hours after this instant (makeFixture). */
const T0 = Date.UTC(2026, 10, 1);
const hour = (i: number) => T0 + i * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** All ids matching `query`, over as many pages of 100 as needed. */
const all = (query: Record<string, string>, key: string = KEYS.north) => walk(sb.url, key, query, [100]);

describe('unfiltered list', () => {
  it('default page size is 50, newest id first, and more pages are announced', async () => {
    const page = expectPage(await listOrders(sb.url, KEYS.north));
    expect(idsOf(page)).toEqual(expectedIds(fixture, 'shop_north').slice(0, 50));
    expect(page.has_more).toBe(true);
    expect(typeof page.next_cursor).toBe('string');
  });

  it('limit 100 and limit 1 are honoured', async () => {
    const expected = expectedIds(fixture, 'shop_north');
    expect(idsOf(expectPage(await listOrders(sb.url, KEYS.north, { limit: '100' })))).toEqual(expected.slice(0, 100));
    expect(idsOf(expectPage(await listOrders(sb.url, KEYS.north, { limit: '1' })))).toEqual(expected.slice(0, 1));
  });

  it('never returns draft or cancelled orders, and every order has the interface fields', async () => {
    const ids = await all({});
    expect(ids).toEqual(expectedIds(fixture, 'shop_north'));
    const hidden = fixture.return_orders.filter((o) => o.status === 'draft' || o.status === 'cancelled').map((o) => o.id);
    expect(ids.filter((id) => hidden.includes(id))).toEqual([]);
  });

  it('serves exactly the fixture: every field of every order and item (D12, D4)', async () => {
    for (const [key, shop] of [[KEYS.north, 'shop_north'], [KEYS.south, 'shop_south']] as const) {
      const page = expectPage(await listOrders(sb.url, key, { limit: '100' }));
      expect(page.data.length).toBe(expectedIds(fixture, shop).length);
      for (const got of page.data) {
        const { shop_id: _shop, refunds, exchanges, ...fields } = fixture.return_orders.find((o) => o.id === got.id)!;
        expect(got).toMatchObject(fields);
        expect(got.refunds).toEqual(refunds.map((i) => expect.objectContaining(i)));
        expect(got.exchanges).toEqual(exchanges.map((i) => expect.objectContaining(i)));
      }
    }
  });

  it('every item carries all D4 fields; exchanges carry exchange_for', async () => {
    const page = expectPage(await listOrders(sb.url, KEYS.north, { limit: '100' }));
    const fields = ['id', 'status', 'title', 'sku', 'quantity', 'price', 'reason', 'reject_reason'];
    for (const order of page.data) {
      expect(Array.isArray(order.refunds) && Array.isArray(order.exchanges), `order ${order.id} has refunds and exchanges`).toBe(true);
      for (const item of order.refunds!) expect(Object.keys(item)).toEqual(expect.arrayContaining(fields));
      for (const item of order.exchanges!) expect(Object.keys(item)).toEqual(expect.arrayContaining([...fields, 'exchange_for']));
    }
  });

  it('an empty result is data [], has_more false, next_cursor null', async () => {
    const res = await listOrders(sb.url, KEYS.north, { ids: '4242' });
    expect(res.json).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('the last page has has_more false and next_cursor null', async () => {
    const total = expectedIds(fixture, 'shop_north').length;
    const page = expectPage(await listOrders(sb.url, KEYS.north, { limit: '100' }));
    expect(total).toBeLessThanOrEqual(100);
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('unknown query parameters are ignored', async () => {
    const plain = expectPage(await listOrders(sb.url, KEYS.north, { limit: '10' }));
    const extra = expectPage(await listOrders(sb.url, KEYS.north, { limit: '10', foo: 'bar', page: '3', offset: '5', sort: 'asc', status: 'bogus' }));
    expect(idsOf(extra)).toEqual(idsOf(plain));
  });
});

describe('statuses', () => {
  it.each(RETURN_ORDER_STATUSES.map((s) => [s]))('statuses=%s alone', async (status) => {
    expect(await all({ statuses: status })).toEqual(expectedIds(fixture, 'shop_north', { statuses: [status] }));
  });

  it('several statuses, repeated ones, any order', async () => {
    const want = expectedIds(fixture, 'shop_north', { statuses: ['pending', 'completed', 'archived'] });
    expect(want.length).toBeGreaterThan(3);
    expect(await all({ statuses: 'pending,completed,archived' })).toEqual(want);
    expect(await all({ statuses: 'archived,pending,completed,pending' })).toEqual(want);
  });
});

describe('submitted_at bounds (inclusive, compared as instants)', () => {
  it('min alone and max alone include the order exactly at the bound', async () => {
    expect(await all({ submitted_at_min: iso(hour(60)) })).toEqual(expectedIds(fixture, 'shop_north', { minMs: hour(60) }));
    expect(await all({ submitted_at_max: iso(hour(5)) })).toEqual(expectedIds(fixture, 'shop_north', { maxMs: hour(5) }));
    expect(await all({ submitted_at_max: iso(hour(5)) })).toContain(1005);
    expect(await all({ submitted_at_min: iso(hour(60)) })).toContain(1060);
  });

  it('equal min and max select exactly the order submitted at that instant', async () => {
    expect(await all({ submitted_at_min: iso(hour(7)), submitted_at_max: iso(hour(7)) })).toEqual([1007]);
  });

  it('offsets are instants: 07:00+02:00 and 00:30-04:30 both mean 05:00Z', async () => {
    const want = [1005];
    expect(await all({ submitted_at_min: '2026-11-01T07:00:00+02:00', submitted_at_max: '2026-11-01T05:00:00Z' })).toEqual(want);
    expect(await all({ submitted_at_min: '2026-11-01T00:30:00-04:30', submitted_at_max: '2026-11-01T07:00:00+02:00' })).toEqual(want);
  });

  it('fractions count: one nanosecond past the instant excludes the order', async () => {
    expect(await all({ submitted_at_min: '2026-11-01T05:00:00.000000001Z', submitted_at_max: iso(hour(6)) })).toEqual([1006]);
    expect(await all({ submitted_at_min: iso(hour(4)), submitted_at_max: '2026-11-01T04:59:59.999999999Z' })).toEqual([1004]);
    expect(await all({ submitted_at_min: '2026-11-01T05:00:00.0Z', submitted_at_max: '2026-11-01T05:00:00.000Z' })).toEqual([1005]);
  });

  it('a bound in another zone that is textually later but earlier as an instant', async () => {
    // min 05:00Z; max 06:00+02:00 = 04:00Z: textually min < max, as instants min > max.
    const res = await listOrders(sb.url, KEYS.north, { submitted_at_min: '2026-11-01T05:00:00Z', submitted_at_max: '2026-11-01T06:00:00+02:00' });
    expect(res.status).toBe(400);
    expect((res.json as { error: { code: string } }).error.code).toBe('invalid_date_range');
  });

  it('a range matching nothing gives the empty envelope', async () => {
    const res = await listOrders(sb.url, KEYS.north, { submitted_at_min: '2030-01-01T00:00:00Z' });
    expect(res.json).toEqual({ data: [], has_more: false, next_cursor: null });
  });
});

describe('ids', () => {
  it('one id, several ids, repeated ids, in any order', async () => {
    expect(await all({ ids: '1003' })).toEqual([1003]);
    expect(await all({ ids: '1002,1010,1003' })).toEqual([1010, 1003, 1002]);
    expect(await all({ ids: '1003,1003,1002' })).toEqual([1003, 1002]);
  });

  it('hidden (draft/cancelled) and nonexistent ids are simply absent', async () => {
    expect(await all({ ids: '1012,1013,1014,999999' })).toEqual([1014]);
  });

  it('ids up to 2^53-1 are accepted', async () => {
    expect(await all({ ids: `${Number.MAX_SAFE_INTEGER},1001` })).toEqual([1001]);
  });
});

describe('order_names (exact, case-sensitive)', () => {
  it('exact names match; other case, partial names and padded names do not', async () => {
    expect(await all({ order_names: '#N1003' })).toEqual([1003]);
    expect(await all({ order_names: '#N1003,#N1004' })).toEqual([1004, 1003]);
    expect(await all({ order_names: '#n1003' })).toEqual([]);
    expect(await all({ order_names: 'N1003' })).toEqual([]);
    expect(await all({ order_names: '#N100' })).toEqual([]);
    expect(await all({ order_names: ' #N1003' })).toEqual([]);
    expect(await all({ order_names: '#N1003 ' })).toEqual([]);
    expect(await all({ order_names: '%' })).toEqual([]);
    expect(await all({ order_names: '#N100_' })).toEqual([]);
  });
});

describe('filters combine (section 4 rule 2)', () => {
  it('statuses + date range + ids + order_names together', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => 1000 + i);
    const names = ids.filter((id) => id % 3 !== 0).map((id) => `#N${id}`);
    const statuses = ['pending', 'reviewed', 'completed', 'archived', 'rejected'];
    const oracle = { statuses, minMs: hour(3), maxMs: hour(35), ids, orderNames: names };
    const want = expectedIds(fixture, 'shop_north', oracle);
    expect(want.length).toBeGreaterThan(2);
    const got = await walk(sb.url, KEYS.north, {
      statuses: statuses.join(','), submitted_at_min: iso(hour(3)), submitted_at_max: iso(hour(35)),
      ids: ids.join(','), order_names: names.join(','),
    }, [2]);
    expect(got).toEqual(want);
  });

  it('each pair of filters narrows like the intersection', async () => {
    const q = { statuses: 'pending,reviewed,received', submitted_at_min: iso(hour(10)), ids: '1000,1001,1014,1015,1016,1028,1042' };
    const want = expectedIds(fixture, 'shop_north', { statuses: ['pending', 'reviewed', 'received'], minMs: hour(10), ids: [1000, 1001, 1014, 1015, 1016, 1028, 1042] });
    expect(await all(q)).toEqual(want);
    expect(want).toEqual([1042, 1028, 1016, 1015, 1014]);
  });
});
