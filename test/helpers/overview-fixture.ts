/**
 * A fixture for the overview: a shop whose pending orders have known ages (relative to a
 * given "now") and whose other statuses have known counts, beside a second shop with
 * different data that must never be counted for the first. The expected figures are worked
 * out from the fixture itself, as the sandbox stores it.
 */
import { RETURN_ORDER_STATUSES, type ReturnOrderStatus, type StoredStatus } from '../../src/api/schemas.js';
import { makeFixture, type Fixture, type FixtureOrder } from './fixture.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Ages of north's pending orders: 2 under a day, 1 of 1-3 days, 1 of 3-7, 1 of 7-14, 2 over 14 days. */
export const PENDING_AGES_MS = [2 * HOUR, 20 * HOUR, 30 * HOUR, 4 * DAY, 10 * DAY, 20 * DAY, 40 * DAY] as const;
export const EXPECTED_AGE_COUNTS = { under_1d: 2, '1_3d': 1, '3_7d': 1, '7_14d': 1, over_14d: 2 } as const;

/** How many orders of each other status north has (plus hidden ones, never counted). */
const NORTH_COUNTS: Partial<Record<StoredStatus, number>> = {
  reviewed: 3, received: 1, completed: 130, rejected: 2, archived: 1, draft: 2, cancelled: 1,
};

function order(id: number, shop: string, status: StoredStatus, submittedMs: number, itemId: number): FixtureOrder {
  const decided = status !== 'pending' && status !== 'draft';
  const prefix = shop === 'shop_north' ? 'N' : 'S';
  return {
    id,
    shop_id: shop,
    status,
    cust_email: `c${id}@${shop}.example`,
    cust_first_name: `First${id}`,
    cust_last_name: `Last${id}`,
    currency: 'EUR',
    order_id: String(9_000_000 + id),
    order_name: `#${prefix}${id}`,
    submitted_at: new Date(Math.floor(submittedMs / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    refunds: [{ id: itemId, status: decided ? 'approved' : 'pending', title: `Item ${id}`, sku: null, quantity: 1, price: '10.00', reason: null }],
    exchanges: [],
  };
}

/**
 * North: pending orders of PENDING_AGES_MS at `nowMs` (the oldest has the highest id, so
 * "oldest" is not "last listed"), and NORTH_COUNTS of the rest. South: 5 pending and 4
 * completed orders, all older than any of north's.
 */
export function makeOverviewFixture(nowMs: number): Fixture {
  const base = makeFixture(0);
  const orders: FixtureOrder[] = [];
  let id = 2000;
  let itemId = 90_000;
  // Ascending ids, newest submission first, except the oldest pending order, which gets the last id.
  const ages = [...PENDING_AGES_MS];
  const oldest = ages.pop()!;
  for (const age of ages) orders.push(order(id++, 'shop_north', 'pending', nowMs - age, itemId++));
  for (const [status, n] of Object.entries(NORTH_COUNTS) as [StoredStatus, number][]) {
    for (let i = 0; i < n; i++) orders.push(order(id++, 'shop_north', status, nowMs - (i + 1) * HOUR, itemId++));
  }
  orders.push(order(id++, 'shop_north', 'pending', nowMs - oldest, itemId++));
  for (let i = 0; i < 5; i++) orders.push(order(id++, 'shop_south', 'pending', nowMs - (60 + i) * DAY, itemId++));
  for (let i = 0; i < 4; i++) orders.push(order(id++, 'shop_south', 'completed', nowMs - (60 + i) * DAY, itemId++));
  return { ...base, return_orders: orders };
}

/** The count of each of the 12 statuses of a shop, from the fixture (hidden statuses are not listed by the interface). */
export function expectedStatusCounts(fixture: Fixture, shop: string): Record<ReturnOrderStatus, number> {
  return Object.fromEntries(
    RETURN_ORDER_STATUSES.map((status) => [status, fixture.return_orders.filter((o) => o.shop_id === shop && o.status === status).length]),
  ) as Record<ReturnOrderStatus, number>;
}

/** North's oldest pending order in the fixture. */
export function oldestNorthPending(fixture: Fixture): FixtureOrder {
  const pending = fixture.return_orders.filter((o) => o.shop_id === 'shop_north' && o.status === 'pending');
  return pending.reduce((a, b) => (Date.parse(b.submitted_at) < Date.parse(a.submitted_at) ? b : a));
}
