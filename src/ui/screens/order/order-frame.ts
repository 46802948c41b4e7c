/**
 * Which items of an order one frame shows, and their lines (pure): whole items around the
 * cursor, as many as `rows` lines hold. Only the items the window looks at are wrapped, so
 * a frame costs the same for 20 items as for 20,000.
 */
import { itemHeight, itemLines, type ItemLines } from './item-lines.js';
import { itemWindow, type ItemWindow } from './item-window.js';
import type { OrderState } from './order-state.js';
import type { OrderItem } from '../../../ops/review-model.js';

export interface OrderFrame {
  readonly window: ItemWindow;
  /** The lines of the items in the window, from `window.start`. */
  readonly lines: readonly ItemLines[];
}

/** The window of items for `rows` lines at `width` columns, with the lines of the items in it. */
export function orderFrameLines(items: readonly OrderItem[], currency: string, state: Pick<OrderState, 'cursor' | 'decisions' | 'problems'>, width: number, rows: number): OrderFrame {
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
  const window = itemWindow({ count: items.length, heightOf: (i) => itemHeight(linesOf(i)) }, state.cursor, rows);
  const lines: ItemLines[] = [];
  for (let i = window.start; i < window.end; i++) lines.push(linesOf(i));
  return { window, lines };
}
