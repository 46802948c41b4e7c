/**
 * What the search index keeps of an order read from the service (only what a search needs:
 * no prices, reasons or reject reasons), and which statuses rarely change. Pure.
 */
import { scrubSecrets } from '../../api/key-scrub.js';
import type { ReturnOrder } from '../../api/schemas.js';
import type { IndexRecord } from '../../local/search-index/index.js';

/**
 * Statuses after which an order is not expected to move (D5 names no way out of them); the
 * others are in flight and are read again on every refresh. Settled ones are checked too,
 * a few at a time, in case the platform archives or cancels them.
 */
export const SETTLED_STATUSES: ReadonlySet<string> = new Set(['completed', 'rejected', 'archived']);

/** A key a hostile service put in an order never reaches the index's file. */
const clean = (text: string) => scrubSecrets(text);

/** The index record of `order`. */
export function recordOf(order: ReturnOrder): IndexRecord {
  const items = [...(order.refunds ?? []), ...(order.exchanges ?? [])];
  const products: string[] = [];
  const skus: string[] = [];
  for (const item of items) {
    products.push(clean(item.title));
    if (item.sku) skus.push(clean(item.sku));
    if (item.exchange_for) {
      products.push(clean(item.exchange_for.title));
      if (item.exchange_for.sku) skus.push(clean(item.exchange_for.sku));
    }
  }
  return {
    id: order.id,
    status: clean(order.status),
    submittedAt: clean(order.submitted_at),
    orderName: clean(order.order_name),
    orderRef: clean(order.order_id),
    firstName: clean(order.cust_first_name),
    lastName: clean(order.cust_last_name),
    email: clean(order.cust_email),
    products,
    skus,
  };
}
