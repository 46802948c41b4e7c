/**
 * Review: one request holding every pending item's decision, whoever sends it (the order
 * screen, a bulk approve-all, `returns-console review`). Records one activity log entry and
 * reconciles local state (draft, profile memory).
 */
import type { CallOptions } from '../api/client-types.js';
import type { ReviewItem } from '../api/schemas.js';
import { recordActivity } from './activity.js';
import type { OpsContext } from './context.js';
import { toApiError, type WriteOutcome } from './outcome.js';
import { reconcileRefusedReview, reconcileReviewed } from './reconcile.js';
import { cuttable, settleAtQuit } from './write-stops.js';
import { isReviewApplied } from '../api/client/reconcile.js';

export interface WriteOptions {
  /** The order's name, when the caller knows it (the activity log shows it). */
  readonly orderName?: string;
  /** Call options, e.g. a bulk queue's pacing and cancelling. */
  readonly call?: CallOptions;
  /**
   * For a queued write: false when the queue stopped it before anything was sent. Such a
   * write is "not done" rather than failed.
   */
  readonly wasSent?: () => boolean;
  /**
   * Stops what is not yet sent (a bulk run's Esc): approve-all checks it between reading the
   * order and sending its review, since the queue counts the read as the request sent.
   */
  readonly stop?: AbortSignal;
  /**
   * Whether the activity log records this outcome (default: always). The scan desk's queue
   * records only a scan's final outcome: an unanswered receive stays queued, to be read back.
   */
  readonly shouldRecord?: (outcome: WriteOutcome) => boolean;
}

/** A failure of a write stopped before it was sent, or a failure. */
export function failedOrNotDone<T extends object>(base: T, thrown: unknown, options: WriteOptions, warnings: string[]) {
  return options.wasSent && !options.wasSent()
    ? { ...base, status: 'not_done' as const, warnings }
    : { ...base, status: 'failed' as const, error: toApiError(thrown), warnings };
}

/** Sends the review of `orderId` with `items`; never rejects (every failure is an outcome). */
export async function reviewOrder(ctx: OpsContext, orderId: number, items: readonly ReviewItem[], options: WriteOptions & { readonly fromDraft?: number } = {}): Promise<WriteOutcome> {
  const warnings: string[] = [];
  const base = {
    action: 'review' as const,
    orderId,
    ...(options.orderName !== undefined && { orderName: options.orderName }),
    decisions: items.map((i) => ({ ...i })),
  };
  let outcome: WriteOutcome;
  try {
    const result = await ctx.client.review(orderId, items, cuttable(options.call, ctx.writeStops));
    const orderName = options.orderName ?? result.order?.order_name;
    outcome = {
      ...base,
      ...(orderName !== undefined && { orderName }),
      status: 'ok',
      result,
      isAlreadyApplied: result.isAlreadyApplied,
      ...(options.fromDraft !== undefined && { fromDraft: options.fromDraft }),
      warnings,
    };
  } catch (thrown) {
    outcome = await settleAtQuit(ctx, failedOrNotDone(base, thrown, options, warnings), (order) => isReviewApplied(order, items));
  }
  await recordActivity(ctx, { kind: 'write', outcome }, warnings);
  if (outcome.status === 'ok') await reconcileReviewed(ctx, orderId, items, warnings);
  else if (outcome.status === 'failed') await reconcileRefusedReview(ctx, outcome.error, warnings);
  return outcome;
}
