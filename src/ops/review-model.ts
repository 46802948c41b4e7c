/**
 * The pure model of a review: which items an order has, the decisions being made, the
 * checks the interface requires before sending (every pending item decided, a reason for
 * every reject), the one request body, and the summary shown before it is sent.
 */
import type { ItemStatus, ItemType, ReturnItem, ReturnOrder, ReviewAction, ReviewItem } from '../api/schemas.js';
import type { DraftDecision } from '../local/draft-format.js';

/** An item's identity within an order: item ids are per type on the interface (D6). */
export type ItemKey = `${ItemType}:${number}`;

/** The key of an item. */
export function itemKey(type: ItemType, id: number): ItemKey {
  return `${type}:${id}`;
}

/** One row of the order screen: an item with its type. */
export interface OrderItem {
  readonly key: ItemKey;
  readonly type: ItemType;
  readonly item: ReturnItem;
}

/** What the state logic needs of an item. */
export interface ItemRef {
  readonly key: ItemKey;
  readonly type: ItemType;
  readonly id: number;
  readonly status: ItemStatus;
}

/** The decision being made for one item. */
export interface Decision {
  readonly action: ReviewAction;
  /** Set for rejections. */
  readonly rejectReason?: string;
}

export type Decisions = Readonly<Partial<Record<ItemKey, Decision>>>;

/** Refunds then exchanges, as the service lists them; null when the order has no item data (D4). */
export function orderItems(order: Pick<ReturnOrder, 'refunds' | 'exchanges'>): readonly OrderItem[] | null {
  if (order.refunds === undefined && order.exchanges === undefined) return null;
  return [
    ...(order.refunds ?? []).map((item) => ({ key: itemKey('refund', item.id), type: 'refund' as const, item })),
    ...(order.exchanges ?? []).map((item) => ({ key: itemKey('exchange', item.id), type: 'exchange' as const, item })),
  ];
}

/** The refs of `items` (for the reducer). */
export function itemRefs(items: readonly OrderItem[] | null): readonly ItemRef[] {
  return (items ?? []).map(({ key, type, item }) => ({ key, type, id: item.id, status: item.status }));
}

/** A local problem found before sending, placed on an item. */
export interface LocalProblem {
  readonly key: ItemKey;
  readonly code: 'undecided' | 'missing_reject_reason';
  readonly message: string;
}

export type ReviewCheck =
  | { readonly isReady: true; readonly items: readonly ReviewItem[]; readonly summary: string }
  | { readonly isReady: false; readonly problems: readonly LocalProblem[]; readonly message: string };

/** Checks the decisions for the pending `items` and builds the one review request body. */
export function checkReview(items: readonly ItemRef[], decisions: Decisions): ReviewCheck {
  const pending = items.filter((i) => i.status === 'pending');
  if (pending.length === 0) {
    return { isReady: false, problems: [], message: 'Nothing to review: this order has no pending items.' };
  }
  const problems: LocalProblem[] = [];
  const body: ReviewItem[] = [];
  for (const ref of pending) {
    const decision = decisions[ref.key];
    if (!decision) {
      problems.push({ key: ref.key, code: 'undecided', message: 'Needs a decision: a approve, x reject, e keep.' });
    } else if (decision.action === 'reject' && (decision.rejectReason ?? '').trim() === '') {
      problems.push({ key: ref.key, code: 'missing_reject_reason', message: 'A rejection needs a reason: press x to give one.' });
    } else {
      body.push({
        id: ref.id,
        type: ref.type,
        action: decision.action,
        ...(decision.action === 'reject' && { reject_reason: decision.rejectReason!.trim() }),
      });
    }
  }
  if (problems.length > 0) {
    const n = problems.length;
    return { isReady: false, problems, message: `Not sent: ${n} item${n === 1 ? '' : 's'} ${n === 1 ? 'needs' : 'need'} attention (marked below).` };
  }
  return { isReady: true, items: body, summary: summarizeActions(body.map((i) => i.action)) };
}

const ACTION_WORDS: Record<ReviewAction, string> = { approve: 'approve', reject: 'reject', keep_item: 'keep' };

/** "3 approve, 1 reject, 1 keep" (kinds with no items are left out). */
export function summarizeActions(actions: readonly ReviewAction[]): string {
  const parts = (['approve', 'reject', 'keep_item'] as const)
    .map((a) => [a, actions.filter((x) => x === a).length] as const)
    .filter(([, n]) => n > 0)
    .map(([a, n]) => `${n} ${ACTION_WORDS[a]}`);
  return parts.join(', ');
}

/** Decisions as a draft stores them (item order of the screen). */
export function toDraftDecisions(items: readonly ItemRef[], decisions: Decisions): DraftDecision[] {
  const out: DraftDecision[] = [];
  for (const ref of items) {
    const d = decisions[ref.key];
    if (!d) continue;
    out.push({ type: ref.type, id: ref.id, action: d.action, ...(d.rejectReason !== undefined && { rejectReason: d.rejectReason }) });
  }
  return out;
}

/** A draft's decisions that still apply: only items that are still pending. */
export function fromDraftDecisions(items: readonly ItemRef[], draft: readonly DraftDecision[]): Decisions {
  const pending = new Set(items.filter((i) => i.status === 'pending').map((i) => i.key));
  const out: Partial<Record<ItemKey, Decision>> = {};
  for (const d of draft) {
    const key = itemKey(d.type, d.id);
    if (!pending.has(key)) continue;
    out[key] = { action: d.action, ...(d.rejectReason !== undefined && { rejectReason: d.rejectReason }) };
  }
  return out;
}
