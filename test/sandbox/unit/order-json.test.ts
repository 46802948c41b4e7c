/** The wire JSON built by SQLite is exactly the fixture's order in the interface's shape. */
import { describe, expect, it } from 'vitest';
import { returnOrderSchema } from '../../../src/api/schemas.js';
import { openDatabase } from '../../../src/sandbox/db/open.js';
import { OrderStore } from '../../../src/sandbox/db/orders.js';
import { loadFixture } from '../../../src/sandbox/fixture/load.js';
import { validateFixture } from '../../../src/sandbox/fixture/validate.js';
import { makeFixture } from '../../helpers/fixture.js';

const fixture = makeFixture(4);
const first = fixture.return_orders[0]!;
first.exchanges.push({ id: 99_001, status: 'rejected', title: 'Scarf "Ü"', sku: null, quantity: 3, price: '5.50', reason: null, reject_reason: 'worn', exchange_for: null });
first.refunds.unshift({ id: 69_999, status: 'kept', title: 'Hat', sku: 'H-1', quantity: 1, price: '0.99', reason: 'small' });
first.submitted_at = '0050-06-01T00:00:00Z';
const db = openDatabase(':memory:');
loadFixture(db, validateFixture(fixture), '2026-01-01T00:00:00Z');
const store = new OrderStore(db);

describe('order JSON', () => {
  it('has the section 2 fields in order, then refunds and exchanges ordered by id, exchange_for on exchanges only', () => {
    const [order] = store.hydrate([first.id]);
    const item = ({ exchange_for, ...rest }: (typeof first.refunds)[number], isExchange: boolean) => ({
      id: rest.id, status: rest.status, title: rest.title, sku: rest.sku, quantity: rest.quantity, price: rest.price,
      reason: rest.reason, reject_reason: rest.reject_reason ?? null, ...(isExchange ? { exchange_for: exchange_for ?? null } : {}),
    });
    const expected = {
      id: first.id, cust_email: first.cust_email, cust_first_name: first.cust_first_name, cust_last_name: first.cust_last_name,
      status: first.status, currency: first.currency, order_id: first.order_id, order_name: first.order_name,
      submitted_at: first.submitted_at,
      refunds: [...first.refunds].sort((a, b) => a.id - b.id).map((i) => item(i, false)),
      exchanges: [...first.exchanges].sort((a, b) => a.id - b.id).map((i) => item(i, true)),
    };
    expect(JSON.stringify(order)).toBe(JSON.stringify(expected));
    expect(returnOrderSchema.safeParse(order).success).toBe(true);
  });

  it('skips ids that do not exist and keeps the requested order', () => {
    expect(store.hydrate([1003, 42, 1001]).map((o) => o.id)).toEqual([1003, 1001]);
    expect(store.pageDocs([])).toEqual([]);
  });
});
