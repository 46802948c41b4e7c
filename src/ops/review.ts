/**
 * Review: one request holding every pending item's decision, whoever sends it (the order
 * screen, a bulk approve-all, `returns-console review`), through the one way writes are sent
 * (send-write.ts: logged before and after), then local state reconciled (draft, profile memory).
 */
import { isReviewApplied } from '../api/client/reconcile.js';
import type { ReviewItem } from '../api/schemas.js';
import type { OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { reconcileRefusedReview, reconcileReviewed } from './reconcile.js';
import { sendWrite, type WriteOptions } from './send-write.js';

export { failedOrNotDone, type WriteOptions } from './send-write.js';

/** Sends the review of `orderId` with `items`; never rejects (every failure is an outcome). */
export async function reviewOrder(ctx: OpsContext, orderId: number, items: readonly ReviewItem[], options: WriteOptions & { readonly fromDraft?: number } = {}): Promise<WriteOutcome> {
  const base = {
    action: 'review' as const,
    orderId,
    ...(options.orderName !== undefined && { orderName: options.orderName }),
    decisions: items.map((i) => ({ ...i })),
  };
  const sent = await sendWrite(ctx, base, (call) => ctx.client.review(orderId, items, call), (order) => isReviewApplied(order, items), options);
  const warnings = [...sent.warnings];
  if (sent.status === 'ok') await reconcileReviewed(ctx, orderId, items, warnings);
  else if (sent.status === 'failed') await reconcileRefusedReview(ctx, sent.error, warnings);
  const outcome = { ...sent, warnings };
  return outcome.status === 'ok' && options.fromDraft !== undefined ? { ...outcome, fromDraft: options.fromDraft } : outcome;
}
