/**
 * Cursor walks (section 4, D8): no duplicates, no gaps compared with the fixture, page
 * size free to change between pages, and stable while other orders change status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { KEYS, makeFixture } from '../../helpers/fixture.js';
import { expectOrder, expectPage, idsOf, listOrders, receiveOrder, reviewOrder, walk } from '../../helpers/contract-http.js';
import { decideAll, expectedIds, fixtureOrder } from '../../helpers/contract-oracle.js';

const fixture = makeFixture(300);
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ fixture });
});
afterAll(async () => {
  await sb?.close();
});

const isStrictlyDescending = (ids: readonly number[]) => ids.every((id, i) => i === 0 || ids[i - 1]! > id);

describe('walks without concurrent changes', () => {
  it('a walk with limit 7 returns every visible order of the shop exactly once, id descending', async () => {
    const ids = await walk(sb.url, KEYS.north, {}, [7]);
    expect(ids).toEqual(expectedIds(fixture, 'shop_north'));
    expect(ids.length).toBeGreaterThan(250);
  });

  it('the page size may change on every page (1, 100, 3, 50, 13)', async () => {
    const ids = await walk(sb.url, KEYS.south, {}, [1, 100, 3, 50, 13]);
    expect(ids).toEqual(expectedIds(fixture, 'shop_south'));
  });

  it('a filtered walk returns exactly the filtered set', async () => {
    const query = { statuses: 'pending,reviewed,archived', submitted_at_min: '2026-11-03T00:00:00Z', submitted_at_max: '2026-11-10T12:00:00+01:00' };
    const want = expectedIds(fixture, 'shop_north', {
      statuses: ['pending', 'reviewed', 'archived'], minMs: Date.parse('2026-11-03T00:00:00Z'), maxMs: Date.parse('2026-11-10T11:00:00Z'),
    });
    expect(want.length).toBeGreaterThan(10);
    expect(await walk(sb.url, KEYS.north, query, [4])).toEqual(want);
  });

  it('a page exactly filling the rest still ends the walk correctly', async () => {
    const total = expectedIds(fixture, 'shop_north', { statuses: ['archived'] }).length;
    const first = expectPage(await listOrders(sb.url, KEYS.north, { statuses: 'archived', limit: String(total) }));
    expect(first.data.length).toBe(total);
    if (first.has_more) {
      const rest = expectPage(await listOrders(sb.url, KEYS.north, { statuses: 'archived', cursor: first.next_cursor! }));
      expect(rest).toMatchObject({ data: [], has_more: false, next_cursor: null });
    }
  });

  it('reusing a cursor gives the same page again', async () => {
    const first = expectPage(await listOrders(sb.url, KEYS.north, { limit: '10' }));
    const a = expectPage(await listOrders(sb.url, KEYS.north, { limit: '10', cursor: first.next_cursor! }));
    const b = expectPage(await listOrders(sb.url, KEYS.north, { limit: '10', cursor: first.next_cursor! }));
    expect(idsOf(a)).toEqual(idsOf(b));
    expect(idsOf(a)).toEqual(expectedIds(fixture, 'shop_north').slice(10, 20));
  });
});

describe('walks while other orders change status', () => {
  it('unfiltered: reviews and receives ahead of and behind the cursor shift nothing', async () => {
    const all = expectedIds(fixture, 'shop_north');
    const pending = all.filter((id) => fixtureOrder(fixture, id).status === 'pending');
    const reviewed = all.filter((id) => fixtureOrder(fixture, id).status === 'reviewed');
    const seen: number[] = [];
    const ids = await walk(sb.url, KEYS.north, {}, [9, 20], async (page) => {
      seen.push(...idsOf(page));
      const last = seen[seen.length - 1]!;
      // One order behind the cursor and one ahead of it change status on every page.
      const behind = pending.find((id) => id > last);
      const ahead = pending.find((id) => id < last);
      for (const id of [behind, ahead]) {
        if (id === undefined) continue;
        pending.splice(pending.indexOf(id), 1);
        expectOrder(await reviewOrder(sb.url, KEYS.north, id, { items: decideAll(fixtureOrder(fixture, id), 'approve') }));
      }
      const toReceive = reviewed.shift();
      if (toReceive !== undefined) expectOrder(await receiveOrder(sb.url, KEYS.north, toReceive));
    });
    expect(ids).toEqual(all);
  });

  it('filtered by status: orders leaving the filter ahead vanish, the rest appear once and in order', async () => {
    const query = { statuses: 'reviewed,received' };
    const before = expectedIds(fixture, 'shop_south', { statuses: ['reviewed'] });
    // Earlier tests changed only north; south is still as in the fixture.
    expect(before.length).toBeGreaterThan(10);
    const startSet = new Set(expectedIds(fixture, 'shop_south', { statuses: ['reviewed', 'received'] }));
    const pendingSouth = expectedIds(fixture, 'shop_south', { statuses: ['pending'] });
    const changed = new Set<number>();
    const newcomers: number[] = [];
    const ids = await walk(sb.url, KEYS.south, query, [5], async (page) => {
      const last = page.data[page.data.length - 1]?.id ?? 0;
      // Ahead: a reviewed order becomes received (still matches); a pending one becomes
      // reviewed (starts to match). Neither may appear twice or out of order.
      const ahead = before.find((id) => id < last && !changed.has(id));
      if (ahead !== undefined) {
        changed.add(ahead);
        expectOrder(await receiveOrder(sb.url, KEYS.south, ahead));
      }
      const newcomer = pendingSouth.find((id) => id < last && !changed.has(id));
      // At most four, so the next test still finds pending south orders.
      if (newcomer !== undefined && newcomers.length < 4) {
        newcomers.push(newcomer);
        changed.add(newcomer);
        expectOrder(await reviewOrder(sb.url, KEYS.south, newcomer, { items: decideAll(fixtureOrder(fixture, newcomer), 'approve') }));
      }
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(isStrictlyDescending(ids)).toBe(true);
    // Every order that matched from start to end was returned (no gaps) ...
    for (const id of startSet) expect(ids).toContain(id);
    // ... and orders that only started to match ahead of the cursor were returned too.
    expect(newcomers.length).toBeGreaterThan(0);
    for (const id of newcomers) expect(ids).toContain(id);
  });

  it('an order leaving the filter ahead of the cursor is not returned; nothing else shifts', async () => {
    const query = { statuses: 'pending' };
    const first = expectPage(await listOrders(sb.url, KEYS.south, { ...query, limit: '2' }));
    const remaining = expectedIds(fixture, 'shop_south', { statuses: ['pending'] }).filter((id) => id < first.data[1]!.id);
    // Review the next pending order ahead: it leaves the filter before the walk reaches it.
    const stillPending = [];
    for (const id of remaining) {
      const order = expectPage(await listOrders(sb.url, KEYS.south, { ids: String(id) })).data[0]!;
      if (order.status === 'pending') stillPending.push(id);
    }
    const leaving = stillPending[0]!;
    expectOrder(await reviewOrder(sb.url, KEYS.south, leaving, { items: decideAll(fixtureOrder(fixture, leaving), 'reject') }));
    const rest: number[] = [];
    let cursor = first.next_cursor;
    while (cursor !== null) {
      const page = expectPage(await listOrders(sb.url, KEYS.south, { ...query, limit: '3', cursor }));
      rest.push(...idsOf(page));
      cursor = page.next_cursor;
    }
    expect(rest).toEqual(stillPending.slice(1));
  });
});
