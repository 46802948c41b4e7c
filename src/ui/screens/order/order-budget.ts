/**
 * The order screen's line budget (pure): the parts it shows, top to bottom, with the lines
 * each needs and how much it matters, and the rows each gets on a screen of a given height
 * (shared by shareRows). order-parts.tsx draws exactly these parts in these rows.
 */
import { shareRows, type RowNeed } from '../../layout/share-rows.js';
import { PRIORITY } from '../../layout/screen-parts.js';

export type OrderPartKey =
  | 'header' | 'header-gap' | 'items' | 'note' | 'keep-off' | 'banner-gap' | 'banner'
  | 'prompt-gap' | 'reason' | 'question-gap' | 'question' | 'sending' | 'footer-gap' | 'footer';

/** Lines a part can be shown in: at least `min`, at most `want`. */
export interface Lines {
  readonly min: number;
  readonly want: number;
}

/** What the order screen shows now: each part's lines (0 or null: the part is not shown). */
export interface OrderShown {
  readonly header: number;
  /** The items (they scroll: any rows from `min`), or the one line saying there are none. */
  readonly items: Lines;
  /** The line(s) under the items of an order that is not pending. */
  readonly note: number;
  readonly keepOff: number;
  /** Every line of the banner (it can be cut to its first two). */
  readonly banner: number;
  readonly reason: Lines | null;
  readonly question: Lines | null;
  readonly sending: number;
  readonly footer: number;
}

/** A part's need, named. */
export interface OrderPartNeed extends RowNeed {
  readonly key: OrderPartKey;
}

const fixed = (key: OrderPartKey, lines: number, priority: number): OrderPartNeed => ({ key, min: lines, want: lines, priority });
// A blank row between parts: the first to go when rows are short.
const gap = (key: OrderPartKey): OrderPartNeed => ({ key, min: 0, want: 1, priority: PRIORITY.spacing });

/** The shown parts' needs, top to bottom. */
export function orderNeeds(shown: OrderShown): OrderPartNeed[] {
  const needs: OrderPartNeed[] = [fixed('header', shown.header, PRIORITY.header), gap('header-gap'), { key: 'items', ...shown.items, priority: PRIORITY.content }];
  if (shown.note > 0) needs.push(fixed('note', shown.note, PRIORITY.aside));
  if (shown.keepOff > 0) needs.push(fixed('keep-off', shown.keepOff, PRIORITY.aside));
  if (shown.banner > 0) needs.push(gap('banner-gap'), { key: 'banner', min: Math.min(2, shown.banner), want: shown.banner, priority: PRIORITY.outcome });
  if (shown.reason) needs.push(gap('prompt-gap'), { key: 'reason', ...shown.reason, priority: PRIORITY.prompt });
  if (shown.question) needs.push(gap('question-gap'), { key: 'question', ...shown.question, priority: PRIORITY.prompt });
  if (shown.sending > 0) needs.push(fixed('sending', shown.sending, PRIORITY.outcome));
  needs.push(gap('footer-gap'), fixed('footer', shown.footer, PRIORITY.footer));
  return needs;
}

/** The rows each shown part gets on a screen of `height` rows (0: left out); `items` is what the item list gets. */
export function orderBudget(height: number, shown: OrderShown): Partial<Record<OrderPartKey, number>> {
  const needs = orderNeeds(shown);
  const rows = shareRows(height, needs);
  return Object.fromEntries(needs.map((n, i) => [n.key, rows[i]!]));
}
