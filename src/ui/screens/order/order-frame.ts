/**
 * Which items of an order one frame shows, and their lines (pure): whole items around the
 * cursor, as many as the rows hold, "↑ N more" / "↓ N more" where items are hidden, and
 * the cursor's item cut to the rows when it alone is taller. Only the items the window
 * looks at are wrapped, so a frame costs the same for 20 items as for 20,000.
 */
import { itemHeight, itemLines, type ItemLines } from './item-lines.js';
import { itemWindow, type ItemWindow } from './item-window.js';
import type { OrderState } from './order-state.js';
import type { OrderItem } from '../../../ops/review-model.js';

export interface OrderFrame {
  readonly window: ItemWindow;
  /** The lines of the items in the window, from `window.start`. */
  readonly lines: readonly ItemLines[];
  /** Whether the "↑ N more" and "↓ N more" lines are shown. */
  readonly isAboveShown: boolean;
  readonly isBelowShown: boolean;
}

export interface OrderItemsLayout {
  /** Lines all the items take together, counted no further than `limit` (then `limit` + 1). */
  readonly linesUpTo: (limit: number) => number;
  /** What `rows` rows show (never more than `rows` lines). */
  readonly frame: (rows: number) => OrderFrame;
}

/** `lines` cut to their first `rows` lines (the title first). */
function cutLines(lines: ItemLines, rows: number): ItemLines {
  if (itemHeight(lines) <= rows) return lines;
  const title = lines.title.slice(0, Math.max(0, rows));
  return { title, details: lines.details.slice(0, Math.max(0, rows - title.length)) };
}

/** The items of an order laid out at `width` columns around the cursor of `state`. */
export function orderItemsLayout(items: readonly OrderItem[], currency: string, state: Pick<OrderState, 'cursor' | 'decisions' | 'problems'>, width: number): OrderItemsLayout {
  const wrapped = new Map<number, ItemLines>();
  const linesOf = (index: number): ItemLines => {
    let lines = wrapped.get(index);
    if (lines === undefined) {
      const item = items[index]!;
      lines = itemLines(item, currency, state.decisions[item.key], state.problems[item.key], width);
      wrapped.set(index, lines);
    }
    return lines;
  };
  const heightOf = (i: number) => itemHeight(linesOf(i));
  return {
    linesUpTo: (limit) => {
      let total = 0;
      for (let i = 0; i < items.length && total <= limit; i++) total += heightOf(i);
      return Math.min(total, limit + 1);
    },
    frame: (rows) => {
      const window = itemWindow({ count: items.length, heightOf }, state.cursor, rows);
      const lines: ItemLines[] = [];
      for (let i = window.start; i < window.end; i++) lines.push(linesOf(i));
      let isAboveShown = window.start > 0;
      let isBelowShown = window.end < items.length;
      const used = lines.reduce((a, l) => a + itemHeight(l), 0) + Number(isAboveShown) + Number(isBelowShown);
      if (used > rows && lines.length === 1) {
        // The cursor's item alone is taller than the rows: its first lines, the markers while one line of it still shows.
        const markers = Number(isAboveShown) + Number(isBelowShown);
        if (rows - markers < 1) {
          isAboveShown = false;
          isBelowShown = false;
        }
        lines[0] = cutLines(lines[0]!, rows - (isAboveShown ? 1 : 0) - (isBelowShown ? 1 : 0));
      }
      return { window, lines, isAboveShown, isBelowShown };
    },
  };
}
