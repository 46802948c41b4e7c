/**
 * The text of one item of the order screen as wrapped lines (pure): the title beside the
 * type, status and decision, then the exchange target, SKU, quantity and price, the
 * customer's reason, a stored reject reason, the reject reason being given and any
 * problem, each wrapped to the width. Nothing a decision depends on is cut, and the screen
 * knows each item's height before drawing it (to fit whole items at 80x24).
 */
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { wrapToWidth } from '../../../format/width.js';
import type { ItemProblem } from './review-errors.js';
import type { Decision, OrderItem } from '../../../ops/review-model.js';

/** Columns before the title and the detail lines: the cursor (2) and the type (9). */
export const ITEM_INDENT = 11;
/** Columns after the title: status (9) and decision (12), each with a space before it. */
export const ITEM_TAIL = 23;
/**
 * The widest the item list gets: on a wide terminal the status and the decision stay near
 * the title they belong to (at 200 columns they stood 150 columns to its right).
 */
export const ITEMS_MAX_WIDTH = 120;
/** The title never gets fewer columns than this (very narrow terminals). */
const MIN_TITLE = 12;

const safe = (text: string | null | undefined): DisplayText => (text === null || text === undefined || text === '' ? display`—` : sanitizeForTerminal(text));

export interface ItemLines {
  /** The title's lines (the first shares its line with type, status and decision). */
  readonly title: readonly DisplayText[];
  /** The detail lines under the title, each with its kind (for colour). */
  readonly details: readonly { readonly kind: 'info' | 'reject-reason' | 'problem'; readonly text: DisplayText }[];
}

/** The title's column width for a screen `width` columns wide. */
export function titleWidth(width: number): number {
  return Math.max(MIN_TITLE, width - ITEM_INDENT - ITEM_TAIL);
}

/** The wrapped lines of one item at `width` columns. */
export function itemLines(entry: OrderItem, currency: string, decision: Decision | undefined, problem: ItemProblem | undefined, width: number): ItemLines {
  const { item } = entry;
  const detailWidth = Math.max(MIN_TITLE, width - ITEM_INDENT);
  const details: { kind: 'info' | 'reject-reason' | 'problem'; text: DisplayText }[] = [];
  const add = (kind: 'info' | 'reject-reason' | 'problem', text: DisplayText) => {
    for (const line of wrapToWidth(text, detailWidth)) details.push({ kind, text: line });
  };
  if (item.exchange_for) add('info', display`→ for ${safe(item.exchange_for.title)}${item.exchange_for.sku ? display` [${safe(item.exchange_for.sku)}]` : display``}`);
  add('info', display`SKU ${safe(item.sku)} · qty ${item.quantity} · ${safe(item.price)} ${safe(currency)}`);
  add('info', display`reason: ${safe(item.reason)}`);
  if (item.status === 'rejected' && item.reject_reason) add('info', display`rejected because: ${safe(item.reject_reason)}`);
  if (decision?.action === 'reject') add('reject-reason', display`reject reason: ${sanitizeForTerminal(decision.rejectReason ?? '')}`);
  if (problem) {
    const field = problem.field ? display`${sanitizeForTerminal(problem.field)}: ` : display``;
    // The service's code follows the words in brackets; the local "undecided" check has none to show.
    const code = problem.code !== 'undecided' ? display` [${sanitizeForTerminal(problem.code)}]` : display``;
    add('problem', display`✗ ${field}${sanitizeForTerminal(problem.message)}${code}`);
  }
  return { title: wrapToWidth(safe(item.title), titleWidth(width)), details };
}

/** Lines one item takes on screen. */
export function itemHeight(lines: ItemLines): number {
  return lines.title.length + lines.details.length;
}
