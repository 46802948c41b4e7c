/**
 * The wire JSON of a return order, built by SQLite: the fields of interface section 2 in
 * its order, then `refunds` and `exchanges` (D4, items by id; `exchange_for` on exchanges
 * only). Building it in SQL is about twice as fast as reading rows into JavaScript objects
 * and serializing them, and it is the one place that defines the shape.
 */
const item = (extra = '') =>
  `json_object('id', i.id, 'status', i.status, 'title', i.title, 'sku', i.sku, 'quantity', i.quantity,
    'price', i.price, 'reason', i.reason, 'reject_reason', i.reject_reason${extra})`;

const EXCHANGE_FOR = `, 'exchange_for', json(CASE WHEN i.exchange_for_title IS NULL THEN NULL
    ELSE json_object('title', i.exchange_for_title, 'sku', i.exchange_for_sku) END)`;

const items = (type: 'refund' | 'exchange', json: string) =>
  `(SELECT coalesce(json_group_array(json(${json}) ORDER BY i.id), json_array())
    FROM return_items i WHERE i.order_id = o.id AND i.type = '${type}')`;

/** Selects `id` and `doc` (the order's JSON text) for rows `o` of return_orders. */
export const ORDER_DOC_SELECT = `SELECT o.id AS id, json_object(
  'id', o.id, 'cust_email', o.cust_email, 'cust_first_name', o.cust_first_name, 'cust_last_name', o.cust_last_name,
  'status', o.status, 'currency', o.currency, 'order_id', o.order_id, 'order_name', o.order_name,
  'submitted_at', strftime('%Y-%m-%dT%H:%M:%SZ', o.submitted_s, 'unixepoch'),
  'refunds', ${items('refund', item())},
  'exchanges', ${items('exchange', item(EXCHANGE_FOR))}
) AS doc FROM return_orders o`;
