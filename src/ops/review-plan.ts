/**
 * The one meaning of "approve all" (pure): every pending item keeps the decision it already
 * has (on the order screen, or in a saved draft) and every undecided pending item is
 * approved. The order screen's `A`, the list's bulk `A` and `review --approve-all` all
 * build their decisions here, so the three can never disagree again.
 */
import type { ItemStatus, ItemType, ReturnOrder, ReviewItem } from '../api/schemas.js';
import { ITEMS_NOT_AVAILABLE } from '../format/order.js';
import type { DraftDecision } from '../local/draft-format.js';
import { itemKey, itemRefs, orderItems } from './review-model.js';

/** What the plan needs of an item. */
export interface PlanItem {
  readonly type: ItemType;
  readonly id: number;
  readonly status: ItemStatus;
}

/** Refunds then exchanges of an order (null when the service sent no item data, D4). */
function planItems(order: Pick<ReturnOrder, 'refunds' | 'exchanges'>): readonly PlanItem[] | null {
  const items = orderItems(order);
  return items === null ? null : itemRefs(items);
}

/**
 * The decisions of "approve all": one per pending item, in item order, the existing
 * decision where there is one (`decided`, e.g. a draft), approve otherwise. Decisions for
 * items that are no longer pending are left out.
 */
export function approveUndecided(items: readonly PlanItem[], decided: readonly DraftDecision[]): DraftDecision[] {
  const byKey = new Map(decided.map((d) => [itemKey(d.type, d.id), d]));
  return items
    .filter((i) => i.status === 'pending')
    .map((i) => byKey.get(itemKey(i.type, i.id)) ?? { type: i.type, id: i.id, action: 'approve' as const });
}

/** Why no review can be sent; `code` follows the interface's codes where it has one. */
export interface PlanRefusal {
  readonly code: 'return_order_not_found' | 'invalid_state_transition' | 'item_details_unavailable' | 'nothing_to_review' | 'missing_reject_reason';
  readonly message: string;
}

export type ApproveAllPlan =
  | {
      readonly isReady: true;
      /** The one review request body. */
      readonly items: readonly ReviewItem[];
      /** How many decisions came from `decided` (a draft) rather than approve. */
      readonly fromDraft: number;
    }
  | { readonly isReady: false; readonly refusal: PlanRefusal };

/**
 * The review "approve all" sends for `order` (null: gone) with the draft's decisions; a
 * refusal (sent nothing) when the order is gone, not pending, without item data, without
 * pending items, or when a drafted rejection lacks its reason.
 */
export function planApproveAll(id: number, order: ReturnOrder | null, draft: readonly DraftDecision[] = []): ApproveAllPlan {
  const refuse = (code: PlanRefusal['code'], message: string): ApproveAllPlan => ({ isReady: false, refusal: { code, message } });
  if (!order) return refuse('return_order_not_found', `Return order ${id} is no longer available; no review was sent.`);
  if (order.status !== 'pending') return refuse('invalid_state_transition', `No longer pending (now ${order.status}); no review was sent.`);
  const items = planItems(order);
  if (items === null) return refuse('item_details_unavailable', `${ITEMS_NOT_AVAILABLE} No review was sent.`);
  const decisions = approveUndecided(items, draft);
  if (decisions.length === 0) return refuse('nothing_to_review', 'Nothing to review: this order has no pending items.');
  const body: ReviewItem[] = [];
  for (const d of decisions) {
    const reason = (d.rejectReason ?? '').trim();
    if (d.action === 'reject' && reason === '') {
      return refuse('missing_reject_reason', `The draft rejects ${d.type} ${d.id} without a reason; open the order to give one. No review was sent.`);
    }
    body.push({ id: d.id, type: d.type, action: d.action, ...(d.action === 'reject' && { reject_reason: reason }) });
  }
  const drafted = new Set(draft.map((d) => itemKey(d.type, d.id)));
  const fromDraft = decisions.filter((d) => drafted.has(itemKey(d.type, d.id))).length;
  return { isReady: true, items: body, fromDraft };
}
