/**
 * Every React Query mutation key of the console comes from this factory, beside the query
 * keys (query-keys.ts): `useIsMutating({ mutationKey: writeKeys.all })` sees every write in
 * flight, `writeKeys.order(id)` the writes of one order.
 */
import type { BulkKind } from '../../ops/bulk.js';

export const writeKeys = {
  /** Every write of the current profile. */
  all: ['writes'] as const,
  /** The writes of one order (the order screen's review and receive). */
  order: (orderId: number) => [...writeKeys.all, 'order', orderId] as const,
  review: (orderId: number) => [...writeKeys.order(orderId), 'review'] as const,
  receive: (orderId: number) => [...writeKeys.order(orderId), 'receive'] as const,
  /** A bulk run over marked orders. */
  bulk: (kind: BulkKind) => [...writeKeys.all, 'bulk', kind] as const,
  /** One scan of scan mode (a lookup, then possibly a receive). */
  scan: () => [...writeKeys.all, 'scan'] as const,
};
