/**
 * POST /return_orders/{id}/receive (D2, D5): reviewed -> received, in one transaction that
 * first checks the key again (authentication at the moment of the write). Any body is ignored.
 */
import { transaction } from '../../../sqlite/transaction.js';
import { ApiError } from '../../errors.js';
import { RawJson, type Handler } from '../context.js';
import { orderNotFound } from './not-found.js';

export const receiveReturnOrder: Handler = ({ route, shop, services, recheckKey, markApplied }) => {
  const { db, orders } = services;
  const orderId = route.orderId;
  const id = transaction(db, () => {
    recheckKey();
    const row = orderId === null ? undefined : orders.findVisible(shop.pk, orderId);
    if (!row) throw orderNotFound();
    if (row.status !== 'reviewed' || !orders.transition(row.id, 'reviewed', 'received')) {
      throw new ApiError(
        'invalid_state_transition',
        `Return order ${row.id} is ${row.status}; only a reviewed return order can be received.`,
      );
    }
    return row.id;
  });
  markApplied();
  const doc = orders.docOf(id);
  if (!doc) throw new ApiError('internal_error', 'The received return order could not be read back.');
  return RawJson.of(doc);
};
