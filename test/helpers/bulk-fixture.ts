/**
 * A D12 fixture for bulk runs: the shops and keys of makeFixture() plus `reviewed` orders
 * in bulk (one refund item each), ready to be received. Used by the bulk tests and by
 * `npm run bench:bulk`.
 */
import { makeFixture, type Fixture, type FixtureOrder } from './fixture.js';

/** First id of the bulk orders of each shop (clear of makeFixture's ids). */
export const BULK_FIRST_ID = { shop_north: 100_000, shop_south: 200_000 } as const;

/** makeFixture(perShop) plus `reviewedPerShop` reviewed orders in each of the given shops. */
export function makeBulkFixture(
  reviewedPerShop: number,
  shops: readonly (keyof typeof BULK_FIRST_ID)[] = ['shop_north'],
  perShop = 28,
): Fixture {
  const fixture = makeFixture(perShop);
  let itemId = 1_000_000;
  for (const shop of shops) {
    for (let i = 0; i < reviewedPerShop; i++) {
      const id = BULK_FIRST_ID[shop] + i;
      const order: FixtureOrder = {
        id,
        shop_id: shop,
        status: 'reviewed',
        cust_email: `bulk${i}@${shop}.example`,
        cust_first_name: `Bulk${i}`,
        cust_last_name: 'Customer',
        currency: 'EUR',
        order_id: String(9_000_000 + id),
        order_name: `#B${id}`,
        submitted_at: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString().replace('.000Z', 'Z'),
        refunds: [{
          id: itemId++, status: 'approved', title: `Parcel ${i}`, sku: `P-${i}`,
          quantity: 1, price: '10.00', reason: 'changed mind',
        }],
        exchanges: [],
      };
      fixture.return_orders.push(order);
    }
  }
  return fixture;
}

/** The ids of the bulk orders of a shop. */
export function bulkIds(count: number, shop: keyof typeof BULK_FIRST_ID = 'shop_north'): number[] {
  return Array.from({ length: count }, (_, i) => BULK_FIRST_ID[shop] + i);
}
