/**
 * The order screen's state and its pure reducer: cursor, decisions, per-item problems, the
 * current prompt or dialog, and the banner. Server data (the order) is not copied in: each
 * action is reduced against a context read from the query at dispatch time.
 */
import type { Key } from 'ink';
import type { ReviewItem } from '../../../api/schemas.js';
import { sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { editText, textAt, type TextEditState } from '../../components/text-edit.js';
import type { ItemProblem, WriteFailure } from './review-errors.js';
import { approveUndecided } from '../../../ops/review-plan.js';
import { checkReview, itemKey, toDraftDecisions, type Decision, type Decisions, type ItemKey, type ItemRef } from '../../../ops/review-model.js';
import { orderKeyOff } from './order-keys.js';
import { message, type Banner, type BannerTone } from './order-banner.js';

export type OrderMode =
  | { readonly kind: 'browse' }
  /** The reject reason prompt for one item; `presetIndex` -1 = free text. */
  | { readonly kind: 'reason'; readonly key: ItemKey; readonly field: TextEditState; readonly presetIndex: number; readonly error: string | null }
  | { readonly kind: 'confirm-review'; readonly items: readonly ReviewItem[]; readonly summary: string }
  | { readonly kind: 'confirm-receive' }
  | { readonly kind: 'sending'; readonly what: 'review' | 'receive'; readonly summary?: string };

export interface OrderState {
  readonly cursor: number;
  readonly decisions: Decisions;
  readonly problems: Readonly<Partial<Record<ItemKey, ItemProblem>>>;
  readonly mode: OrderMode;
  readonly banner: Banner | null;
  /** The item whose keep press was answered with "keep is off"; a second press keeps anyway. */
  readonly keepWarnedKey: ItemKey | null;
  /** True once a saved draft was restored or found absent; saving starts only then. */
  readonly isDraftSettled: boolean;
  /** The item just decided when the decision moved the cursor on: marked for a moment. */
  readonly justDecided: ItemKey | null;
}

/** What the reducer reads from outside: the order as loaded and the profile's settings. */
export interface OrderContext {
  readonly items: readonly ItemRef[];
  /** The order's status; null while loading or when it is gone. */
  readonly status: string | null;
  /** When the service refused keep_item for this profile's shop (ISO time), else null. */
  readonly keepUnsupportedSince: string | null;
  readonly presets: readonly string[];
}

export type OrderAction =
  | { readonly type: 'move'; readonly delta: number }
  | { readonly type: 'approve' | 'keep' | 'open-reject' | 'clear' | 'approve-all' | 'submit' | 'request-receive' | 'confirm-cancel' }
  /** A key typed into the reason prompt (editing: text, Backspace, ←/→, Home/End). */
  | { readonly type: 'reason-key'; readonly input: string; readonly key: Key }
  | { readonly type: 'reason-apply' | 'reason-cancel' }
  | { readonly type: 'reason-preset'; readonly delta: number }
  | { readonly type: 'sending'; readonly what: 'review' | 'receive' }
  | { readonly type: 'review-succeeded'; readonly summary: string; readonly status: string | null; readonly isAlreadyApplied: boolean; readonly requestId?: string }
  | { readonly type: 'receive-succeeded'; readonly status: string | null; readonly isAlreadyApplied: boolean; readonly requestId?: string }
  | { readonly type: 'write-failed'; readonly failure: WriteFailure }
  | { readonly type: 'draft-restored'; readonly decisions: Decisions; readonly count: number; readonly savedAt: string }
  | { readonly type: 'draft-settled'; readonly notice?: string }
  /** The saved draft was removed: the order is no longer pending. */
  | { readonly type: 'draft-discarded'; readonly status: string }
  | { readonly type: 'show'; readonly tone: BannerTone; readonly text: DisplayText }
  /** The moment of the decided item's mark is over. */
  | { readonly type: 'decided-mark-over' };

/** The state of a freshly opened order. */
export const initialOrderState: OrderState = {
  cursor: 0,
  decisions: {},
  problems: {},
  mode: { kind: 'browse' },
  banner: null,
  keepWarnedKey: null,
  isDraftSettled: false,
  justDecided: null,
};

/** Longest reject reason accepted in the prompt. */
export const MAX_REASON_LENGTH = 500;

function withDecision(state: OrderState, key: ItemKey, decision: Decision | undefined): OrderState {
  return withDecisions(state, [[key, decision]]);
}

/**
 * The state with several decisions set (or cleared, for undefined) in one copy: approve-all
 * on 20,000 items once copied the decisions once per item (quadratic, about a minute).
 */
function withDecisions(state: OrderState, changes: Iterable<readonly [ItemKey, Decision | undefined]>): OrderState {
  const decisions: Partial<Record<ItemKey, Decision>> = { ...state.decisions };
  const problems: Partial<Record<ItemKey, ItemProblem>> = { ...state.problems };
  for (const [key, decision] of changes) {
    if (decision) decisions[key] = decision;
    else delete decisions[key];
    delete problems[key];
  }
  // A decision answers what was said about the order: drop stale notes, keep real errors.
  const banner = state.banner?.kind === 'message' && state.banner.tone !== 'error' ? null : state.banner;
  return { ...state, decisions, problems, banner, keepWarnedKey: null };
}

/**
 * After a decision: the cursor moves to the next pending item without a decision (below
 * first, then from the top), and the decided item is marked for a moment, so the move is
 * seen; the cursor stays when every pending item is decided.
 */
function toNextUndecided(state: OrderState, ctx: OrderContext): OrderState {
  const n = ctx.items.length;
  for (let step = 1; step < n; step++) {
    const at = (state.cursor + step) % n;
    const ref = ctx.items[at]!;
    if (ref.status === 'pending' && !state.decisions[ref.key]) return { ...state, cursor: at, justDecided: ctx.items[state.cursor]?.key ?? null };
  }
  return { ...state, justDecided: null };
}

/** The state showing why the key of `action` does nothing, or null when it acts (a second keep press acts anyway). */
function refusedKey(state: OrderState, action: OrderAction, ctx: OrderContext): OrderState | null {
  const off = orderKeyOff(action, ctx);
  return off && !off.isOverridable ? { ...state, banner: { kind: 'message', tone: 'warning', text: off.text } } : null;
}

/** The pending item under the cursor, or a banner saying why there is none (the order is pending: refusedKey said so first). */
function decidable(state: OrderState, ctx: OrderContext): { ref: ItemRef } | { refusal: OrderState } {
  const ref = ctx.items[state.cursor];
  if (!ref) return { refusal: { ...state, banner: message('warning', 'This order has no items to decide.') } };
  if (ref.status !== 'pending') {
    return { refusal: { ...state, banner: message('warning', `This item is already ${ref.status}; only pending items are decided.`) } };
  }
  return { ref };
}

function firstIndexOf(ctx: OrderContext, keys: Iterable<ItemKey>, fallback: number): number {
  const wanted = new Set(keys);
  const index = ctx.items.findIndex((i) => wanted.has(i.key));
  return index === -1 ? fallback : index;
}

function reduceReason(state: OrderState, action: OrderAction, ctx: OrderContext): OrderState {
  const mode = state.mode;
  if (mode.kind !== 'reason') return state;
  switch (action.type) {
    case 'reason-key': {
      const field = editText(mode.field, action.input, action.key);
      if (!field || field.value.length > MAX_REASON_LENGTH) return state;
      return { ...state, mode: { ...mode, field, presetIndex: field.value === mode.field.value ? mode.presetIndex : -1, error: null } };
    }
    case 'reason-preset': {
      if (ctx.presets.length === 0) return state;
      const n = ctx.presets.length;
      const start = mode.presetIndex === -1 ? (action.delta > 0 ? -1 : n) : mode.presetIndex;
      const presetIndex = Math.min(n - 1, Math.max(0, start + action.delta));
      return { ...state, mode: { ...mode, presetIndex, field: textAt(ctx.presets[presetIndex]!), error: null } };
    }
    case 'reason-apply': {
      const reason = mode.field.value.trim();
      if (reason === '') {
        const how = ctx.presets.length > 0 ? 'type one, or pick a preset with ↑/↓' : 'type one';
        return { ...state, mode: { ...mode, error: `A reason is required to reject: ${how}.` } };
      }
      return toNextUndecided({ ...withDecision(state, mode.key, { action: 'reject', rejectReason: reason }), mode: { kind: 'browse' } }, ctx);
    }
    case 'reason-cancel':
      return { ...state, mode: { kind: 'browse' } };
    default:
      return state;
  }
}

/** The reducer of the order screen. */
export function orderReducer(state: OrderState, action: OrderAction, ctx: OrderContext): OrderState {
  if (action.type.startsWith('reason-')) return reduceReason(state, action, ctx);
  const refused = refusedKey(state, action, ctx);
  if (refused) return refused;
  switch (action.type) {
    case 'move': {
      if (ctx.items.length === 0) return state;
      const cursor = Math.min(ctx.items.length - 1, Math.max(0, state.cursor + action.delta));
      return { ...state, cursor, justDecided: null };
    }
    case 'approve': {
      const target = decidable(state, ctx);
      if ('refusal' in target) return target.refusal;
      return toNextUndecided(withDecision(state, target.ref.key, { action: 'approve' }), ctx);
    }
    case 'clear': {
      const target = decidable(state, ctx);
      if ('refusal' in target) return target.refusal;
      return withDecision(state, target.ref.key, undefined);
    }
    case 'keep': {
      const target = decidable(state, ctx);
      if ('refusal' in target) return target.refusal;
      const key = target.ref.key;
      const off = orderKeyOff(action, ctx);
      if (off && state.keepWarnedKey !== key) return { ...state, keepWarnedKey: key, banner: { kind: 'message', tone: 'warning', text: off.text } };
      return toNextUndecided(withDecision(state, key, { action: 'keep_item' }), ctx);
    }
    case 'open-reject': {
      const target = decidable(state, ctx);
      if ('refusal' in target) return target.refusal;
      const current = state.decisions[target.ref.key];
      const text = current?.action === 'reject' ? (current.rejectReason ?? '') : '';
      return { ...state, mode: { kind: 'reason', key: target.ref.key, field: textAt(text), presetIndex: ctx.presets.indexOf(text), error: null } };
    }
    case 'approve-all': {
      // The one definition of "approve all" (shared with the list's bulk A and the CLI).
      const added: [ItemKey, Decision][] = [];
      for (const d of approveUndecided(ctx.items, toDraftDecisions(ctx.items, state.decisions))) {
        const key = itemKey(d.type, d.id);
        if (!state.decisions[key]) added.push([key, { action: d.action }]);
      }
      return added.length === 0 ? { ...state, banner: message('info', 'Every pending item already has a decision.') } : withDecisions(state, added);
    }
    case 'submit': {
      const check = checkReview(ctx.items, state.decisions);
      if (!check.isReady) {
        const problems = { ...state.problems };
        for (const p of check.problems) problems[p.key] = { code: p.code, message: p.message };
        const cursor = firstIndexOf(ctx, check.problems.map((p) => p.key), state.cursor);
        return { ...state, problems, cursor, banner: message('warning', check.message) };
      }
      return { ...state, mode: { kind: 'confirm-review', items: check.items, summary: check.summary } };
    }
    case 'request-receive':
      return { ...state, mode: { kind: 'confirm-receive' } };
    case 'confirm-cancel':
      return state.mode.kind === 'confirm-review' || state.mode.kind === 'confirm-receive' ? { ...state, mode: { kind: 'browse' } } : state;
    case 'sending':
      return {
        ...state,
        mode: { kind: 'sending', what: action.what, ...(state.mode.kind === 'confirm-review' && { summary: state.mode.summary }) },
        banner: null,
      };
    case 'review-succeeded': {
      const again = action.isAlreadyApplied ? ' (a retried request found it already applied)' : '';
      const status = action.status ? ` The order is now ${action.status}.` : '';
      return {
        ...state,
        decisions: {},
        problems: {},
        mode: { kind: 'browse' },
        banner: message('success', `Review sent: ${action.summary}${again}.${status}`, action.requestId === undefined ? {} : { requestId: action.requestId }),
      };
    }
    case 'receive-succeeded': {
      const again = action.isAlreadyApplied ? ' (a retried request found it already applied)' : '';
      // "Order received." already says it; only another status is news.
      const status = action.status && action.status !== 'received' ? ` The order is now ${action.status}.` : '';
      return {
        ...state,
        mode: { kind: 'browse' },
        banner: message('success', `Order received${again}.${status}`, action.requestId === undefined ? {} : { requestId: action.requestId }),
      };
    }
    case 'write-failed':
      return reduceFailure({ ...state, mode: { kind: 'browse' } }, action.failure, ctx);
    case 'draft-restored': {
      const when = action.savedAt.replace('T', ' ').slice(0, 16);
      return {
        ...state,
        decisions: action.decisions,
        isDraftSettled: true,
        banner: message('info', `Draft restored: ${action.count} decision${action.count === 1 ? '' : 's'} saved ${when} UTC.`),
      };
    }
    case 'draft-discarded': {
      // A refused review already says the order is no longer pending; otherwise say it here.
      const text = `The saved draft of this order was discarded: the order is now ${action.status}. The activity log (L) keeps its decisions.`;
      return { ...state, decisions: {}, problems: {}, banner: state.banner?.kind === 'not-pending' ? state.banner : message('warning', text) };
    }
    case 'draft-settled':
      return { ...state, isDraftSettled: true, banner: action.notice === undefined ? state.banner : message('warning', action.notice) };
    case 'show':
      return { ...state, banner: message(action.tone, action.text) };
    case 'decided-mark-over':
      return state.justDecided === null ? state : { ...state, justDecided: null };
    default:
      return state;
  }
}

function reduceFailure(state: OrderState, failure: WriteFailure, ctx: OrderContext): OrderState {
  const requestId = failure.requestId === undefined ? {} : { requestId: failure.requestId };
  switch (failure.kind) {
    case 'items':
    case 'keep-unsupported': {
      const problems = { ...state.problems };
      for (const [key, problem] of failure.problems) problems[key] = problem;
      const n = failure.problems.size;
      const first = failure.problems.values().next().value;
      const text =
        failure.kind === 'keep-unsupported'
          ? 'The service refused keep item: this shop does not have the feature. Keep is now off for this profile; choose approve or reject for the marked items.'
          : `The service refused the review: ${first?.code ?? 'error'} on ${n} item${n === 1 ? '' : 's'} (marked below).`;
      return {
        ...state,
        problems,
        cursor: firstIndexOf(ctx, failure.problems.keys(), state.cursor),
        banner: message('error', `${text} Nothing you entered is lost.`, requestId),
      };
    }
    case 'missing-items':
      return {
        ...state,
        banner: message('error', 'The order\'s pending items changed since it was loaded; it was refreshed. Decide the new items and submit again.', { detail: failure.message, ...requestId }),
      };
    case 'banner':
      return { ...state, banner: message('error', failure.title, { detail: failure.detail, ...requestId }) };
    default:
      return { ...state, banner: { kind: failure.kind, ...(failure.requestId !== undefined && { requestId: sanitizeForTerminal(failure.requestId) }) } };
  }
}
