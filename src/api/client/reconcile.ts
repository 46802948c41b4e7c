/**
 * Reconciling a retried write. When a review or receive was sent, its answer was lost
 * (connection cut, timeout, gateway 5xx) and the retry got 422 invalid_state_transition,
 * the first attempt may well have been applied. These pure checks say whether the order,
 * re-read, is exactly in the state the request would have produced; only then is the
 * write reported as "already applied". Anything less certain stays the 422.
 */
import type { ReturnItem, ReturnOrder, ReviewAction, ReviewItem } from '../schemas.js';

/** Receive leads to `received` (D5); nothing else counts. */
export function isReceiveApplied(order: ReturnOrder | null): boolean {
  return order?.status === 'received';
}

const STATUS_OF_ACTION: Readonly<Record<ReviewAction, ReturnItem['status']>> = {
  approve: 'approved',
  reject: 'rejected',
  keep_item: 'kept',
};

/**
 * Review leads to `reviewed` or `rejected` with every item decided as sent: approve →
 * approved, reject → rejected with the same reason, keep_item → kept. An order without
 * item details (a service without D4's arrays) cannot be checked, so it does not count.
 */
export function isReviewApplied(order: ReturnOrder | null, items: readonly ReviewItem[]): boolean {
  if (!order || (order.status !== 'reviewed' && order.status !== 'rejected')) return false;
  return hasDecisions(order, items) === true;
}

/**
 * Whether every item of `order` is decided exactly as `items` say, whatever the order's status
 * now: true, false, or null when the order carries no item details to tell by.
 */
export function hasDecisions(order: ReturnOrder, items: readonly ReviewItem[]): boolean | null {
  if (order.refunds === undefined && order.exchanges === undefined) return null;
  return items.every((sent) => {
    const list = sent.type === 'refund' ? order.refunds : order.exchanges;
    const stored = list?.find((item) => item.id === sent.id);
    if (!stored || stored.status !== STATUS_OF_ACTION[sent.action]) return false;
    return sent.action !== 'reject' || stored.reject_reason === sent.reject_reason;
  });
}
