/**
 * The prepared INSERTs of orders and items for bulk loads (fixtures, demo data): one place
 * that knows the column order, so both loaders write the same rows. Arguments are in the
 * column order given in each statement.
 */
import type { Db, Statement } from './open.js';

export interface OrderInserts {
  readonly insertOrder: Statement;
  readonly insertItem: Statement;
}

/** Prepares the two statements on `db`. */
export function prepareOrderInserts(db: Db): OrderInserts {
  return {
    insertOrder: db.prepare(
      `INSERT INTO return_orders (id, shop_pk, status, cust_email, cust_first_name, cust_last_name, currency,
       order_id, order_name, submitted_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertItem: db.prepare(
      `INSERT INTO return_items (id, order_id, type, status, title, sku, quantity, price, reason, reject_reason,
       exchange_for_title, exchange_for_sku) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
}
