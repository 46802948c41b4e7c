/**
 * Review request checks in D6 order (steps 3-8; authentication and the 404 come first,
 * in the pipeline and the handler). Pure: the caller passes the order's status, its
 * pending items and the shop's keep_item feature, all read inside the write transaction.
 */
import {
  itemTypeSchema,
  reviewActionSchema,
  type ItemType,
  type ReviewAction,
} from '../../api/schemas.js';
import { ApiError } from '../errors.js';

export interface PendingItem {
  readonly id: number;
  readonly type: ItemType;
}

export interface ReviewDecision {
  readonly id: number;
  readonly type: ItemType;
  readonly action: ReviewAction;
  readonly rejectReason: string | null;
}

export interface ReviewContext {
  readonly orderId: number;
  readonly status: string;
  readonly pending: readonly PendingItem[];
  readonly keepItemAllowed: boolean;
}

/**
 * D6 step 3: the body must be a JSON object with an `items` array (malformed JSON
 * included). Read as JSON whatever its declared Content-Type: section 1 says every body is
 * JSON, and D6 refuses only a body that is not (so `curl --data '{…}'`, sent as a form, works).
 */
export function parseReviewBody(body: Buffer | null): unknown[] {
  const fail = () => new ApiError('missing_items_array', 'The request body must be a JSON object with an "items" array.');
  if (!body || body.length === 0) throw fail();
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    throw fail();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail();
  const items = (value as Record<string, unknown>).items;
  if (!Array.isArray(items)) throw fail();
  return items;
}

/** Names an element by position and, when it has a numeric id, by that id (never echoes strings). */
function label(index: number, element: unknown): string {
  const id = typeof element === 'object' && element !== null ? (element as Record<string, unknown>).id : undefined;
  return typeof id === 'number' && Number.isFinite(id) ? `items[${index}] (item ${id})` : `items[${index}]`;
}

/** D6 steps 4-8. Returns the decisions for every pending item, or throws the first failure. */
export function checkReview(elements: readonly unknown[], ctx: ReviewContext): ReviewDecision[] {
  const shaped: { id: unknown; type: ItemType; action: ReviewAction; rejectReason: string | null }[] = [];
  for (const [i, element] of elements.entries()) {
    const el = typeof element === 'object' && element !== null && !Array.isArray(element) ? (element as Record<string, unknown>) : {};
    const type = itemTypeSchema.safeParse(el.type);
    if (!type.success) throw new ApiError('invalid_item_type', `${label(i, element)}: type must be refund or exchange.`);
    const action = reviewActionSchema.safeParse(el.action);
    if (!action.success) {
      throw new ApiError('invalid_action', `${label(i, element)}: action must be approve, reject or keep_item.`);
    }
    const reason = el.reject_reason;
    const hasReason = typeof reason === 'string' && reason.trim() !== '';
    if (action.data === 'reject' && !hasReason) {
      throw new ApiError('missing_reject_reason', `${label(i, element)}: a rejection needs a non-empty reject_reason.`);
    }
    shaped.push({ id: el.id, type: type.data, action: action.data, rejectReason: action.data === 'reject' ? (reason as string) : null });
  }

  if (ctx.status !== 'pending') {
    throw new ApiError(
      'invalid_state_transition',
      `Return order ${ctx.orderId} is ${ctx.status}; only a pending return order can be reviewed.`,
    );
  }

  const pendingKeys = new Set(ctx.pending.map((p) => `${p.type}:${p.id}`));
  const matched = new Set<string>();
  const decisions: ReviewDecision[] = [];
  for (const [i, d] of shaped.entries()) {
    const key = `${d.type}:${String(d.id)}`;
    if (typeof d.id !== 'number' || !pendingKeys.has(key)) {
      throw new ApiError(
        'item_not_found',
        `${label(i, elements[i])}: no pending ${d.type} item with this id on return order ${ctx.orderId}.`,
      );
    }
    if (matched.has(key)) {
      throw new ApiError('item_not_found', `${label(i, elements[i])}: this item is already included once in the review.`);
    }
    matched.add(key);
    decisions.push({ id: d.id, type: d.type, action: d.action, rejectReason: d.rejectReason });
  }

  const missing = ctx.pending.filter((p) => !matched.has(`${p.type}:${p.id}`));
  if (missing.length > 0) {
    const names = missing.slice(0, 5).map((p) => `${p.type} ${p.id}`).join(', ');
    throw new ApiError(
      'missing_items',
      `Every pending item must be decided in one review; missing: ${names}${missing.length > 5 ? ', …' : ''}.`,
    );
  }

  if (!ctx.keepItemAllowed) {
    const kept = decisions.find((d) => d.action === 'keep_item');
    if (kept) {
      throw new ApiError('keep_item_not_allowed', `Item ${kept.id}: this shop does not have the keep_item feature.`);
    }
  }
  return decisions;
}

/** D5: rejected when every decided item was rejected, otherwise reviewed. */
export function statusAfterReview(decisions: readonly ReviewDecision[]): 'reviewed' | 'rejected' {
  return decisions.length > 0 && decisions.every((d) => d.action === 'reject') ? 'rejected' : 'reviewed';
}

/** D5: the stored item status for an action. */
export function itemStatusFor(action: ReviewAction): 'approved' | 'rejected' | 'kept' {
  return action === 'approve' ? 'approved' : action === 'reject' ? 'rejected' : 'kept';
}
