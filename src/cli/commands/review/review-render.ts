/** Output of `review` through the exporter: one line for people, or a result object for --json. */
import type { WriteResult } from '../../../api/client-types.js';
import type { ReviewItem } from '../../../api/schemas.js';
import { orderStatusPaint } from '../../../format/status.js';
import type { Style } from '../../../format/style.js';
import type { Output } from '../../output/index.js';

function decisionCounts(items: readonly ReviewItem[]): string {
  const n = (action: ReviewItem['action']) => items.filter((i) => i.action === action).length;
  const parts = [
    [n('approve'), 'approved'],
    [n('reject'), 'rejected'],
    [n('keep_item'), 'kept'],
  ] as const;
  return parts.filter(([count]) => count > 0).map(([count, word]) => `${count} ${word}`).join(', ') || 'no items';
}

/** "Reviewed return order 1001 (#N1001): 2 approved. Status: reviewed." */
export function writeReviewText(output: Output, id: number, items: readonly ReviewItem[], result: WriteResult, style: Style): void {
  const order = result.order;
  const name = order ? ` (${output.text(order.order_name)})` : '';
  const status = order ? ` Status: ${orderStatusPaint(order.status, style)(output.text(order.status))}.` : '';
  const already = result.isAlreadyApplied ? ' (already applied: an earlier attempt had gone through)' : '';
  output.write(`${style.green('✓')} Reviewed return order ${id}${name}: ${decisionCounts(items)}.${status}${already}\n`);
}

/** `{"id","outcome":"ok","already_applied","request_id","order"}`; the order as the service sent it. */
export function writeReviewJson(output: Output, id: number, result: WriteResult): void {
  output.writeJson({ id, outcome: 'ok', already_applied: result.isAlreadyApplied, request_id: result.requestId ?? null, order: result.order });
}
