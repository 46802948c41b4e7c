/**
 * Approve all, sent: read the order, remove a draft it can no longer use, plan the review
 * with the draft's decisions (review-plan.ts, the one definition) and send it. Used by the
 * list's bulk approve-all and `returns-console review --approve-all`.
 */
import { ApiError } from '../api/client/errors.js';
import type { ReturnOrder } from '../api/schemas.js';
import { recordActivity } from './activity.js';
import { draftsOf, type OpsContext } from './context.js';
import type { WriteOutcome } from './outcome.js';
import { discardStaleDraftOrWarn } from './reconcile.js';
import { planApproveAll } from './review-plan.js';
import { failedOrNotDone, reviewOrder, type WriteOptions } from './review.js';

/** Approves every undecided pending item of `orderId` (a draft's decisions kept); never rejects. */
export async function approveAllOrder(ctx: OpsContext, orderId: number, options: WriteOptions = {}): Promise<WriteOutcome> {
  const warnings: string[] = [];
  let order: ReturnOrder | null;
  try {
    order = await ctx.client.getOrder(orderId, options.call);
  } catch (thrown) {
    const base = { action: 'review' as const, orderId, ...(options.orderName !== undefined && { orderName: options.orderName }) };
    const outcome: WriteOutcome = failedOrNotDone(base, thrown, options, warnings);
    await recordActivity(ctx, { kind: 'write', outcome }, warnings);
    return outcome;
  }
  const orderName = order?.order_name ?? options.orderName;
  const named = { ...options, ...(orderName !== undefined && { orderName }) };
  if (order && order.status !== 'pending') await discardStaleDraftOrWarn(ctx, { orderId, status: order.status, ...(orderName !== undefined && { orderName }) }, warnings);
  const saved = draftsOf(ctx).load(orderId);
  const plan = planApproveAll(orderId, order, saved.kind === 'found' ? saved.draft.decisions : []);
  if (!plan.isReady) {
    const { code, message } = plan.refusal;
    const error = new ApiError({ kind: code === 'return_order_not_found' ? 'resource' : 'state', code, message });
    const outcome: WriteOutcome = { action: 'review', orderId, ...(orderName !== undefined && { orderName }), status: 'failed', error, warnings };
    await recordActivity(ctx, { kind: 'write', outcome }, warnings);
    return outcome;
  }
  // The process stopping, or the bulk run stopped, while the order was read: reviewOrder sends nothing (not done).
  const sent = await reviewOrder(ctx, orderId, plan.items, { ...named, fromDraft: plan.fromDraft });
  return { ...sent, warnings: [...warnings, ...sent.warnings] };
}
