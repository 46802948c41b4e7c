/**
 * POST /return_orders/{id}/review (D2): checks in D6 order and applies D5, all inside
 * one BEGIN IMMEDIATE transaction, so items and status change together or not at all. The
 * transaction first checks the key again: one revoked while the body arrived writes nothing.
 */
import type { ItemType } from '../../../api/schemas.js';
import { transaction } from '../../../sqlite/transaction.js';
import { ApiError } from '../../errors.js';
import { checkReview, itemStatusFor, parseReviewBody, statusAfterReview } from '../../validate/review.js';
import { RawJson, type Handler } from '../context.js';
import { orderNotFound } from './not-found.js';

export const reviewReturnOrder: Handler = ({ body, route, shop, services, recheckKey, markApplied }) => {
  const { db, orders } = services;
  const orderId = route.orderId;
  const reviewedId = transaction(db, () => {
    recheckKey();
    const row = orderId === null ? undefined : orders.findVisible(shop.pk, orderId);
    if (!row) throw orderNotFound();
    const elements = parseReviewBody(body);
    const pending = orders
      .itemsOf(row.id)
      .filter((i) => i.status === 'pending')
      .map((i) => ({ id: i.id, type: i.type as ItemType }));
    const decisions = checkReview(elements, {
      orderId: row.id,
      status: row.status,
      pending,
      keepItemAllowed: shop.hasKeepItem,
    });
    for (const d of decisions) {
      if (!orders.decideItem(row.id, d.id, itemStatusFor(d.action), d.rejectReason)) throw new Error('item changed inside transaction');
    }
    if (!orders.transition(row.id, 'pending', statusAfterReview(decisions))) throw new Error('order changed inside transaction');
    return row.id;
  });
  markApplied();
  const doc = orders.docOf(reviewedId);
  if (!doc) throw new ApiError('internal_error', 'The reviewed return order could not be read back.');
  return RawJson.of(doc);
};
