/**
 * What the list endpoint should return for a fixture, computed straight from the spec
 * (section 4 rules 2-5): the shop's orders minus draft/cancelled, filtered, id descending.
 * Also small fixture builders for orders with chosen statuses and items.
 */
import type { Fixture, FixtureItem, FixtureOrder } from './fixture.js';
import type { StoredStatus } from '../../src/api/schemas.js';

export interface OracleFilters {
  readonly statuses?: readonly string[];
  /** Inclusive bounds as epoch milliseconds (fixture times are whole seconds). */
  readonly minMs?: number;
  readonly maxMs?: number;
  readonly ids?: readonly number[];
  readonly orderNames?: readonly string[];
}

const HIDDEN = new Set(['draft', 'cancelled']);

/** The ids the shop should see for `filters`, newest (highest id) first. */
export function expectedIds(fixture: Fixture, shopId: string, filters: OracleFilters = {}): number[] {
  return fixture.return_orders
    .filter((o) => o.shop_id === shopId && !HIDDEN.has(o.status))
    .filter((o) => !filters.statuses || filters.statuses.includes(o.status))
    .filter((o) => filters.minMs === undefined || Date.parse(o.submitted_at) >= filters.minMs)
    .filter((o) => filters.maxMs === undefined || Date.parse(o.submitted_at) <= filters.maxMs)
    .filter((o) => !filters.ids || filters.ids.includes(o.id))
    .filter((o) => !filters.orderNames || filters.orderNames.includes(o.order_name))
    .map((o) => o.id)
    .sort((a, b) => b - a);
}

/** The fixture order with `id` (throws when absent, so a test typo fails loudly). */
export function fixtureOrder(fixture: Fixture, id: number): FixtureOrder {
  const order = fixture.return_orders.find((o) => o.id === id);
  if (!order) throw new Error(`no fixture order ${id}`);
  return order;
}

/** The first fixture order of a shop with a given stored status. */
export function firstWithStatus(fixture: Fixture, shopId: string, status: StoredStatus): FixtureOrder {
  const order = fixture.return_orders.find((o) => o.shop_id === shopId && o.status === status);
  if (!order) throw new Error(`no ${status} order for ${shopId}`);
  return order;
}

let nextItemId = 900_000;

function item(status: FixtureItem['status'], title: string, isExchange: boolean): FixtureItem {
  return {
    id: nextItemId++, status, title, sku: `SKU-${title}`, quantity: 1, price: '10.00', reason: 'changed mind',
    reject_reason: status === 'rejected' ? 'worn' : null,
    ...(isExchange ? { exchange_for: { title: `${title} (other size)`, sku: null } } : {}),
  };
}

/**
 * An extra order for a fixture: `refunds`/`exchanges` give the item statuses to create.
 * Item ids come from a range (900000+) that makeFixture() never uses.
 */
export function extraOrder(id: number, shopId: string, status: StoredStatus,
  refunds: readonly FixtureItem['status'][] = ['pending'], exchanges: readonly FixtureItem['status'][] = ['pending']): FixtureOrder {
  return {
    id, shop_id: shopId, status,
    cust_email: `extra${id}@example.com`, cust_first_name: 'Extra', cust_last_name: `Order${id}`,
    currency: 'EUR', order_id: `X${id}`, order_name: `#X${id}`,
    submitted_at: '2026-12-01T12:00:00Z',
    refunds: refunds.map((s, i) => item(s, `refund-${id}-${i}`, false)),
    exchanges: exchanges.map((s, i) => item(s, `exchange-${id}-${i}`, true)),
  };
}

/** Review elements deciding every pending item of a fixture order with one action. */
export interface ReviewElement {
  id: number;
  type: 'refund' | 'exchange';
  action: string;
  reject_reason?: string;
}

export function decideAll(order: FixtureOrder, action: 'approve' | 'reject' | 'keep_item', rejectReason = 'damaged'): ReviewElement[] {
  const el = (type: 'refund' | 'exchange', it: FixtureItem): ReviewElement => ({
    id: it.id, type, action, ...(action === 'reject' ? { reject_reason: rejectReason } : {}),
  });
  return [
    ...order.refunds.filter((i) => i.status === 'pending').map((i) => el('refund', i)),
    ...order.exchanges.filter((i) => i.status === 'pending').map((i) => el('exchange', i)),
  ];
}
