/**
 * Where an error of a review or receive belongs on the order screen (pure). Item-level
 * codes go on the item the service's message names, `keep_item_not_allowed` on every keep
 * decision, 422 becomes "no longer pending", 404 "no longer available", and everything
 * else (network, 5xx, authentication) a banner that keeps the decisions.
 */
import type { ApiError } from '../../../api/client/errors.js';
import type { ReviewItem } from '../../../api/schemas.js';
import { itemKey, type ItemKey } from '../../../ops/review-model.js';

/** The parts of an ApiError this module reads. */
export type ErrorFacts = Pick<ApiError, 'kind' | 'code' | 'message'> & Partial<Pick<ApiError, 'status' | 'param' | 'requestId' | 'hint'>>;

/** The item codes of the review rules, each naming one offending item. */
const ITEM_CODES = new Set(['invalid_action', 'invalid_item_type', 'item_not_found', 'missing_reject_reason']);

/** A problem shown on one item, with the field it is about. */
export interface ItemProblem {
  readonly code: string;
  /** The review element's field, from the error's param (`items[].action` → `action`). */
  readonly field?: string;
  readonly message: string;
}

export type WriteFailure =
  | { readonly kind: 'items'; readonly problems: ReadonlyMap<ItemKey, ItemProblem>; readonly requestId?: string }
  | { readonly kind: 'keep-unsupported'; readonly problems: ReadonlyMap<ItemKey, ItemProblem>; readonly requestId?: string }
  | { readonly kind: 'not-pending' | 'not-reviewed' | 'gone'; readonly requestId?: string }
  | { readonly kind: 'missing-items'; readonly message: string; readonly requestId?: string }
  | { readonly kind: 'banner'; readonly title: string; readonly detail: string; readonly requestId?: string };

/** `items[].action` → `action`; undefined for params that are not an item field. */
export function fieldOfParam(param: string | undefined): string | undefined {
  const match = /^items\[\]\.(\w+)$/.exec(param ?? '');
  return match?.[1];
}

/** The sent items a message names by id (the service's messages name the offending item id). */
export function itemsNamedIn(message: string, sent: readonly ReviewItem[]): ItemKey[] {
  const numbers = new Set((message.match(/\d+/g) ?? []).map(Number));
  return sent.filter((i) => numbers.has(i.id)).map((i) => itemKey(i.type, i.id));
}

function describe(error: ErrorFacts): string {
  const hint = error.hint ? ` ${error.hint}` : '';
  return `${error.message}${hint}`;
}

/** Network, timeout, 5xx, rate limit, authentication and anything unexpected: a banner. */
function bannerFor(error: ErrorFacts, verb: 'Review' | 'Receive'): WriteFailure {
  // Not sent because the activity log could not be written: certain, and only local space helps.
  const isUncertain = error.code !== 'activity_log_unwritable' && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'api' || error.kind === 'rate_limit');
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  return {
    kind: 'banner',
    title: `${verb} ${error.code === 'activity_log_unwritable' ? 'not sent' : 'not confirmed'} [${error.code}]${status}`,
    detail: isUncertain
      ? `${describe(error)} Nothing you entered is lost. Press R to check the order, then try again.`
      : `${describe(error)} Nothing you entered is lost.`,
    ...(error.requestId !== undefined && { requestId: error.requestId }),
  };
}

/** Places a failed review's error. `sent` is the request body's items. */
export function placeReviewError(error: ErrorFacts, sent: readonly ReviewItem[]): WriteFailure {
  const requestId = error.requestId === undefined ? {} : { requestId: error.requestId };
  if (error.kind === 'resource' && error.status === 404 && error.code === 'return_order_not_found') return { kind: 'gone', ...requestId };
  if (error.kind === 'state' && error.code === 'invalid_state_transition') return { kind: 'not-pending', ...requestId };
  if (error.code === 'keep_item_not_allowed') {
    const problem: ItemProblem = {
      code: error.code,
      field: fieldOfParam(error.param) ?? 'action',
      message: 'This shop does not have the keep item feature: approve or reject this item instead.',
    };
    const keys = sent.filter((i) => i.action === 'keep_item').map((i) => itemKey(i.type, i.id));
    return { kind: 'keep-unsupported', problems: new Map(keys.map((k) => [k, problem])), ...requestId };
  }
  if (error.code === 'missing_items' || error.code === 'missing_items_array') {
    return { kind: 'missing-items', message: describe(error), ...requestId };
  }
  if (ITEM_CODES.has(error.code)) {
    const keys = itemsNamedIn(error.message, sent);
    if (keys.length > 0) {
      const field = fieldOfParam(error.param);
      const problem: ItemProblem = { code: error.code, ...(field !== undefined && { field }), message: describe(error) };
      return { kind: 'items', problems: new Map(keys.map((k) => [k, problem])), ...requestId };
    }
  }
  return bannerFor(error, 'Review');
}

/** Places a failed receive's error. */
export function placeReceiveError(error: ErrorFacts): WriteFailure {
  const requestId = error.requestId === undefined ? {} : { requestId: error.requestId };
  if (error.kind === 'resource' && error.status === 404 && error.code === 'return_order_not_found') return { kind: 'gone', ...requestId };
  if (error.kind === 'state' && error.code === 'invalid_state_transition') return { kind: 'not-reviewed', ...requestId };
  return bannerFor(error, 'Receive');
}
