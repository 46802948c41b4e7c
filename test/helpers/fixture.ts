/**
 * Builds D12 fixtures for tests: two shops (north has the keep_item feature, south does
 * not), keys for each (one revoked), and orders of every status incl. draft/cancelled.
 * Deterministic: the same call gives the same document.
 */
import type { StoredStatus } from '../../src/api/schemas.js';

export const KEYS = {
  north: 'sk_' + 'a1'.repeat(32),
  south: 'sk_' + 'b2'.repeat(32),
  northRevoked: 'sk_' + 'c3'.repeat(32),
  /** Well-formed but never issued. */
  unknown: 'sk_' + 'd4'.repeat(32),
} as const;

export interface FixtureItem {
  id: number;
  status: 'pending' | 'approved' | 'rejected' | 'kept';
  title: string;
  sku: string | null;
  quantity: number;
  price: string;
  reason: string | null;
  reject_reason?: string | null;
  exchange_for?: { title: string; sku: string | null } | null;
}

export interface FixtureOrder {
  id: number;
  shop_id: string;
  status: StoredStatus;
  cust_email: string;
  cust_first_name: string;
  cust_last_name: string;
  currency: string;
  order_id: string;
  order_name: string;
  submitted_at: string;
  refunds: FixtureItem[];
  exchanges: FixtureItem[];
}

export interface Fixture {
  shops: { id: string; name: string; features: { keep_item: boolean } }[];
  api_keys: { shop_id: string; name: string; key: string; revoked: boolean }[];
  return_orders: FixtureOrder[];
}

const STATUS_CYCLE: StoredStatus[] = [
  'pending', 'reviewed', 'received', 'resolving', 'pending_payment_from_customer',
  'payments_account_disabled', 'pending_action', 'completing', 'handle_manually',
  'completed', 'rejected', 'archived', 'draft', 'cancelled',
];

/**
 * `perShop` orders for each shop. North ids are 1000+i, south ids 5000+i; every order has
 * one refund and one exchange item (ids unique across the fixture). Order i of a shop is
 * submitted i hours after 2026-11-01T00:00:00Z and has STATUS_CYCLE[i % 14].
 */
export function makeFixture(perShop = 28): Fixture {
  const orders: FixtureOrder[] = [];
  let itemId = 70_000;
  for (const [shop, base, prefix] of [['shop_north', 1000, 'N'], ['shop_south', 5000, 'S']] as const) {
    for (let i = 0; i < perShop; i++) {
      const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!;
      const decided = status !== 'pending' && status !== 'draft';
      const submitted = new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString().replace('.000Z', 'Z');
      orders.push({
        id: base + i,
        shop_id: shop,
        status,
        cust_email: `customer${i}@${shop}.example`,
        cust_first_name: `First${i}`,
        cust_last_name: `Last${i}`,
        currency: shop === 'shop_north' ? 'EUR' : 'USD',
        order_id: String(5_550_000 + base + i),
        order_name: `#${prefix}${base + i}`,
        submitted_at: submitted,
        refunds: [{
          id: itemId++, status: decided ? 'approved' : 'pending', title: `Jacket ${i}`,
          sku: `JK-${i}`, quantity: 1, price: '89.00', reason: 'too small',
        }],
        exchanges: [{
          id: itemId++, status: decided ? 'approved' : 'pending', title: `Boots ${i}`,
          sku: null, quantity: 2, price: '120.50', reason: null,
          exchange_for: { title: `Boots ${i} (43)`, sku: 'B-43' },
        }],
      });
    }
  }
  return {
    shops: [
      { id: 'shop_north', name: 'North Outfitters', features: { keep_item: true } },
      { id: 'shop_south', name: 'South Supplies', features: { keep_item: false } },
    ],
    api_keys: [
      { shop_id: 'shop_north', name: 'warehouse terminal', key: KEYS.north, revoked: false },
      { shop_id: 'shop_south', name: 'south desk', key: KEYS.south, revoked: false },
      { shop_id: 'shop_north', name: 'old key', key: KEYS.northRevoked, revoked: true },
    ],
    return_orders: orders,
  };
}

/** makeFixture() with one shop only: its orders and its keys (a sandbox that serves one shop). */
export function makeShopFixture(shop: 'shop_north' | 'shop_south', perShop = 28): Fixture {
  const all = makeFixture(perShop);
  return { ...all, api_keys: all.api_keys.filter((k) => k.shop_id === shop), return_orders: all.return_orders.filter((o) => o.shop_id === shop) };
}
