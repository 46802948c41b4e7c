/**
 * Changes the platform makes to a shop outside the interface, made in the database a running
 * sandbox serves (a second connection, as the keys CLI is): a new return order submitted, an
 * order cancelled or turned back into a draft. The sandbox's stored JSON follows through its
 * own triggers, and its document cache through SQLite's data_version.
 */
import { openDatabase, type Db } from '../../src/sandbox/index.js';
import type { FixtureOrder } from './fixture.js';

/** Opens the sandbox's database file (close it at the end). */
export function openSandboxDb(path: string): Db {
  return openDatabase(path);
}

/** Adds `order` (its items too) to the shop it names. */
export function addOrder(db: Db, order: FixtureOrder): void {
  const shop = db.prepare('SELECT pk FROM shops WHERE id = ?').get(order.shop_id) as { pk: number };
  db.exec('BEGIN IMMEDIATE');
  db.prepare(
    `INSERT INTO return_orders (id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency, order_id, order_name, submitted_s)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(order.id, shop.pk, order.status, order.cust_email, order.cust_first_name, order.cust_last_name, order.currency, order.order_id, order.order_name, Date.parse(order.submitted_at) / 1000);
  const item = db.prepare(
    `INSERT INTO return_items (id, order_id, type, status, title, sku, quantity, price, reason, reject_reason, exchange_for_title, exchange_for_sku)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [type, items] of [['refund', order.refunds], ['exchange', order.exchanges]] as const) {
    for (const it of items) {
      item.run(it.id, order.id, type, it.status, it.title, it.sku, it.quantity, it.price, it.reason, it.reject_reason ?? null, it.exchange_for?.title ?? null, it.exchange_for?.sku ?? null);
    }
  }
  // An update writes the order's stored JSON (inserts have no trigger: see order-json.ts).
  db.prepare('UPDATE return_orders SET status = status WHERE id = ?').run(order.id);
  db.exec('COMMIT');
}

/** Gives an order a status directly (e.g. `cancelled` or `draft`: it leaves the listing). */
export function setStatus(db: Db, id: number, status: string): void {
  db.prepare('UPDATE return_orders SET status = ? WHERE id = ?').run(status, id);
}
