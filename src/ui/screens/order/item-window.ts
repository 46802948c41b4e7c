/**
 * Which items fit on screen (pure): as many whole items as the lines allow, the cursor's
 * item always among them, so a long order still fits an 80x24 terminal with its prompts
 * and banner. "↑ N more" / "↓ N more" markers take a line each when items are hidden.
 */

export interface ItemWindow {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

/**
 * The window of items (heights in lines) around `cursor` that fits `lines`. Grows below
 * the cursor first, then above, one item at a time. `heights` is an array, or the count of
 * items and a function giving one item's height: only the items near the cursor are asked
 * (an order of 20,000 items once had every item's text wrapped on every frame).
 */
export function itemWindow(heights: readonly number[] | { readonly count: number; readonly heightOf: (index: number) => number }, cursor: number, lines: number): ItemWindow {
  const { count, heightOf } = Array.isArray(heights) ? { count: heights.length, heightOf: (i: number) => heights[i] ?? 0 } : (heights as { count: number; heightOf: (index: number) => number });
  if (fitsWhole(count, heightOf, lines)) return { start: 0, end: count };
  const at = Math.min(Math.max(0, cursor), count - 1);
  let start = at;
  let end = at + 1;
  let used = heightOf(at);
  const markers = (s: number, e: number) => (s > 0 ? 1 : 0) + (e < count ? 1 : 0);
  for (;;) {
    const below = end < count ? heightOf(end) : Number.POSITIVE_INFINITY;
    const above = start > 0 ? heightOf(start - 1) : Number.POSITIVE_INFINITY;
    if (used + below + markers(start, end + 1) <= lines) {
      used += below;
      end++;
    } else if (used + above + markers(start - 1, end) <= lines) {
      used += above;
      start--;
    } else {
      return { start, end };
    }
  }
}

/** True when every item fits; stops adding at the first line too many. */
function fitsWhole(count: number, heightOf: (index: number) => number, lines: number): boolean {
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += heightOf(i);
    if (total > lines) return false;
  }
  return true;
}
